import { useState } from 'react'
import { ScopeEditor } from '../../src/renderer/src/features/jobs/ScopeEditor'
import { emptyScope, type JobScope } from '../../src/shared/contract/scope'

/** The scope editor as the new-job page holds it: its own state, starting at `initial`; each change is passed to `onScope`. */
export function ScopeEditorHarness({ onScope, initial = emptyScope() }: { onScope: (s: JobScope) => void; initial?: JobScope }) {
  const [scope, setScope] = useState<JobScope>(initial)
  return (
    <ScopeEditor
      value={scope}
      onChange={(s) => {
        setScope(s)
        onScope(s)
      }}
    />
  )
}
