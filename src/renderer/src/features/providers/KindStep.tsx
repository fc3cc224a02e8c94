import { Group, Radio, SimpleGrid, Text } from '@mantine/core'
import { type KeyboardEvent, useId } from 'react'
import { PROVIDER_CATALOG } from '../../../../shared/provider-catalog'
import { choiceLabel, KIND_CHOICES, type ProviderDraft } from './provider-draft'
import { type StepProps } from './wizard-step-props'

/** The wizard's first step: which kind of server (OpenAI-compatible, Ollama, a hosted service). */
export function KindStep({
  draft,
  change,
  error,
  onEnter
}: {
  draft: ProviderDraft
  change: StepProps['change']
  error?: string
  onEnter: (choice: NonNullable<ProviderDraft['choice']>) => void
}) {
  // Each kind is marked invalid and described by the message: Next without a choice moves the
  // focus to the first one (ProviderWizard's focusInvalid), which then says why.
  const errorId = useId()
  return (
    <Radio.Group
      label="Which kind of provider?"
      description="Hosted services need an API key; Ollama and OpenAI-compatible servers usually run on your machine."
      value={draft.choice ?? ''}
      onChange={(v) => change({ choice: v as ProviderDraft['choice'] })}
      error={error}
      errorProps={{ id: errorId }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="sm">
        {KIND_CHOICES.map((c) => (
          <Radio.Card
            key={c}
            value={c}
            p="sm"
            radius="md"
            // A button centres its content vertically: in a row where another card's text wraps (Gemini's long
            // URL, a narrow window), this one's radio button sat lower than the others. Laid out from the top.
            style={{ display: 'flex', alignItems: 'flex-start' }}
            aria-label={choiceLabel(c)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            // One Tab stop for the group (the chosen kind, else the first); the arrow keys move between kinds.
            tabIndex={c === (draft.choice ?? KIND_CHOICES[0]) ? 0 : -1}
            onKeyDown={(e: KeyboardEvent<HTMLButtonElement>) => {
              // Home and End go to the first and the last kind, choosing it as the arrows do (Mantine's cards took only the arrows).
              if ((e.key === 'Home' || e.key === 'End') && !e.ctrlKey && !e.altKey && !e.metaKey && !e.shiftKey) {
                const cards = e.currentTarget.closest('[role="radiogroup"]')?.querySelectorAll<HTMLElement>('[role="radio"]')
                const to = e.key === 'Home' ? cards?.[0] : cards?.[cards.length - 1]
                if (!to) return
                e.preventDefault()
                to.focus()
                to.click()
                return
              }
              // Enter chooses this kind and goes on, as Next would.
              if (e.key !== 'Enter') return
              e.preventDefault()
              onEnter(c)
            }}
          >
            <Group wrap="nowrap" align="flex-start" style={{ flex: 1, minWidth: 0 }}>
              <Radio.Indicator />
              <div>
                <Text fw={600}>{choiceLabel(c)}</Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {c === 'compatible' ? 'LM Studio, vLLM, llama.cpp, LocalAI…' : PROVIDER_CATALOG[c].defaultUrl}
                </Text>
              </div>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  )
}
