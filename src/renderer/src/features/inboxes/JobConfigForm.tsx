import { Button, Group, NumberInput, Stack, Switch, Textarea, type NumberInputProps } from '@mantine/core'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { JobConfig } from '../../../../shared/contract/job'
import { BusyButton } from '../../app/BusyButton'
import { DialogFoot } from '../../app/DialogFoot'
import { contentTooLargeText } from '../../app/content-limit'
import classes from './job-config.module.css'
import { groupedNumber } from '../../../../shared/byte-size'

/** The largest whole number the node takes (and JavaScript holds exactly), as people read it. */
const LARGEST = groupedNumber(Number.MAX_SAFE_INTEGER)

type NumberField = 'temperature' | 'seed' | 'top_p' | 'top_k'
/**
 * A number field holds a string while it is blank (or not yet a number), as NumberInput gives it.
 * Other keys of the config (kept by the node, unknown here) ride along unchanged.
 */
type ConfigDraft = Pick<JobConfig, 'custom_prompt' | 'stream'> & Record<NumberField, number | string> & Record<string, unknown>

/**
 * Each number field: its label, what it does (under the label), its range for the input, what it
 * takes (the node's limits), and what a blank or out-of-range field asks for: it is refused on the
 * field, never sent as 0 or clamped. (Typed out of range, it reached the node, whose refusal, "must
 * be in (0, 1]", came in a notice naming no field; the mouse's blur clamped it, sending 2 for a typed 5.)
 */
const FIELDS: Record<
  NumberField,
  { label: string; description: string; needed: string; takes: (n: number) => boolean; input: NumberInputProps }
> = {
  temperature: {
    label: 'Temperature',
    description: '0 to 2: lower keeps answers focused and alike, higher makes them more varied.',
    needed: 'Enter the temperature: a number from 0 to 2',
    takes: (n) => n >= 0 && n <= 2,
    input: { min: 0, max: 2, step: 0.1, decimalScale: 2 }
  },
  seed: {
    label: 'Seed',
    description: 'The same seed and settings give the same answer again, where the model supports it.',
    // With its range: 20 digits typed are a whole number too, and were refused as not one.
    needed: `Enter the seed: a whole number from -${LARGEST} to ${LARGEST} (0 is the default)`,
    takes: Number.isSafeInteger,
    input: { step: 1, allowDecimal: false }
  },
  top_p: {
    label: 'Top p',
    description: '0.01 to 1: the model picks among the likeliest words that add up to this share.',
    needed: 'Enter the top p: a number above 0, up to 1',
    takes: (n) => n > 0 && n <= 1,
    input: { min: 0.01, max: 1, step: 0.05, decimalScale: 2 }
  },
  top_k: {
    label: 'Top k',
    description: 'The model picks among this many likeliest words at each step.',
    needed: `Enter the top k: a whole number from 1 to ${LARGEST}`,
    takes: (n) => Number.isSafeInteger(n) && n >= 1,
    input: { min: 1, step: 1, allowDecimal: false }
  }
}
const NUMBER_FIELDS = Object.keys(FIELDS) as NumberField[]

interface Props {
  readonly initial: JobConfig
  readonly saving: boolean
  readonly onSave: (config: JobConfig) => void
  readonly onCancel: () => void
  /** Whether the form now differs from `initial`, after each change (the dialog asks before dropping changes). */
  readonly onChanged?: (changed: boolean) => void
}

/** The job's config as a form; the node checks the ranges, and this form first, on each field. */
export function JobConfigForm({ initial, saving, onSave, onCancel, onChanged }: Props) {
  const [draft, setDraft] = useState<ConfigDraft>(initial)
  const changed =
    NUMBER_FIELDS.some((f) => draft[f] !== initial[f]) || draft.custom_prompt !== initial.custom_prompt || draft.stream !== initial.stream
  useEffect(() => onChanged?.(changed), [changed, onChanged])
  const [missing, setMissing] = useState<ReadonlySet<NumberField>>(new Set())
  const inputs = useRef<Partial<Record<NumberField, HTMLInputElement | null>>>({})
  // A prompt over the node's limit (as a message's content): refused on the field. Sent, the node's 413 came
  // in a notice as "larger than the 1 MiB limit (…)", naming no field, the focus left on Save.
  const [promptTooLarge, setPromptTooLarge] = useState<string | null>(null)
  const promptInput = useRef<HTMLTextAreaElement>(null)
  // The dialog opens on the prompt with the caret after its text: at its start, what was typed to add a
  // line went before the prompt already there.
  useLayoutEffect(() => {
    const end = promptInput.current?.value.length ?? 0
    promptInput.current?.setSelectionRange(end, end)
  }, [])
  const set = (patch: Partial<ConfigDraft>) => setDraft((d) => ({ ...d, ...patch }))
  const number = (field: NumberField) => (
    <NumberInput
      label={FIELDS[field].label}
      description={FIELDS[field].description}
      {...FIELDS[field].input}
      clampBehavior="none"
      ref={(el) => {
        inputs.current[field] = el
      }}
      value={draft[field]}
      error={missing.has(field) ? FIELDS[field].needed : undefined}
      onChange={(v) => {
        set({ [field]: v })
        setMissing((m) => new Set([...m].filter((f) => f !== field)))
      }}
    />
  )
  const save = () => {
    const refused = NUMBER_FIELDS.filter((f) => {
      const v = draft[f]
      return typeof v !== 'number' || !FIELDS[f].takes(v)
    })
    const tooLarge = contentTooLargeText('system prompt', draft.custom_prompt)
    if (refused.length > 0 || tooLarge) {
      setMissing(new Set(refused))
      setPromptTooLarge(tooLarge)
      // To the first field to fix: Save, at the bottom of a short window's dialog, kept the focus, the refusal out of sight.
      if (tooLarge) promptInput.current?.focus()
      else inputs.current[refused[0]!]?.focus()
      return
    }
    onSave(draft as JobConfig)
  }
  return (
    // A form, so Enter in a field saves as a keyboard user expects (the prompt's textarea keeps Enter for new lines).
    <Stack
      component="form"
      onSubmit={(e) => {
        e.preventDefault()
        save()
      }}
    >
      <Textarea
        // The dialog opens on its first field, not on its close button (Mantine's focus trap takes the marked one first).
        data-autofocus
        label="System prompt"
        description="Instructions the model reads before every question of this job."
        // Grown with its text by the browser (field-sizing in job-config.module.css), not by Mantine's autosize: that
        // measured the whole text in a hidden copy of the box on every key, and with a pasted prompt of 4,000 lines
        // each key typed after it took 160 ms.
        rows={3}
        classNames={{ input: classes.prompt }}
        ref={promptInput}
        value={draft.custom_prompt}
        error={promptTooLarge ?? undefined}
        onChange={(e) => {
          set({ custom_prompt: e.currentTarget.value })
          setPromptTooLarge(null)
        }}
      />
      <Group grow align="flex-start">
        {number('temperature')}
        {number('seed')}
      </Group>
      <Group grow align="flex-start">
        {number('top_p')}
        {number('top_k')}
      </Group>
      <Switch
        label="Stream answers"
        description="Show an answer as it is written; off, it appears once complete."
        checked={draft.stream}
        onChange={(e) => set({ stream: e.currentTarget.checked })}
      />
      <DialogFoot>
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <BusyButton type="submit" loading={saving}>
          Save
        </BusyButton>
      </DialogFoot>
    </Stack>
  )
}
