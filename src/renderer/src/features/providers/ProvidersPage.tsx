import { ActionIcon, Alert, Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core'
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react'
import { memo, useCallback, useMemo, useRef, useState } from 'react'
import type { ProviderListEntry } from '../../../../shared/contract/provider'
import { errorText } from '../../api/client'
import { useProviders } from '../../api/queries'
import { countText } from '../../app/count-format'
import { hrefOf } from '../../app/router'
import { useLatest } from '../../app/use-latest'
import { useAddDraft } from './draft-store'
import { useRemoveProvider } from './remove-provider'
import { CheckButton, LastCheckView } from './ProviderHealth'
import { modelOf, providerTitle, rowNames, serverLabel } from './provider-display'
import classes from './ProvidersPage.module.css'
import { PROVIDERS_PER_PAGE, shownProviders } from './shown-providers'

export function ProvidersPage() {
  const providers = useProviders()
  const hasDraft = useAddDraft((s) => s.draft !== null && s.draft.choice !== null)
  const [search, setSearch] = useState('')
  const [limit, setLimit] = useState(PROVIDERS_PER_PAGE)
  const shown = useMemo(() => shownProviders(providers.data ?? [], search, limit), [providers.data, search, limit])
  // Over every provider, not only those shown: a row's buttons keep their names as the search and "Show more" change.
  const names = useMemo(() => rowNames(providers.data ?? []), [providers.data])
  // Only a list longer than one page needs finding in: a short one stays as it was. A search typed
  // stays open when the list drops to one page (a removal): it still hides providers until cleared.
  const searchable = (providers.data?.length ?? 0) > PROVIDERS_PER_PAGE || search !== ''

  const addRef = useRef<HTMLAnchorElement>(null)
  const confirmRemove = useRemoveProvider(providers.data, addRef)
  // The same function at every render, so that a row is drawn again only when its provider changes:
  // "Show 50 more" and each keystroke in the search drew every row shown again (a second a step at 3,000 providers).
  const removing = useLatest(confirmRemove)
  const onRemove = useCallback((p: ProviderListEntry) => void removing.current(p), [removing])

  return (
    <Stack className="page-scroll" style={{ overflow: 'auto' }} pb="xl">
      <Group justify="space-between">
        <Title order={2}>Providers</Title>
        <Stack gap={2} align="flex-end">
          <Button ref={addRef} component="a" href={hrefOf({ name: 'new-provider' })} leftSection={<IconPlus size="1rem" />}>
            Add provider
          </Button>
          {hasDraft && (
            <Text size="xs" c="dimmed" data-testid="draft-notice">
              Continues the provider you started adding earlier
            </Text>
          )}
        </Stack>
      </Group>
      {providers.data && providers.data.length === 0 && <Text c="dimmed">No providers yet.</Text>}
      {providers.isError && !providers.data && (
        <Alert color="red" title="The providers could not be loaded" role="alert">
          {errorText(providers.error)}
        </Alert>
      )}
      {searchable && (
        <TextInput
          label="Find a provider"
          description={`${providers.data?.length} providers: type part of a name, id, model or description`}
          leftSection={<IconSearch size="1rem" />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value)
            setLimit(PROVIDERS_PER_PAGE)
          }}
          maw={480}
        />
      )}
      {searchable && search.trim() && shown.matching === 0 && (
        <Text c="dimmed" data-testid="no-provider-found">
          No provider matches “{search.trim()}”.
        </Text>
      )}
      {shown.servers.map((server) => (
        <Card
          key={`${server.kind} ${server.baseUrl}`}
          withBorder
          padding="sm"
          component="section"
          aria-label={`${serverLabel(server.kind, server.baseUrl)} at ${server.baseUrl}`}
          data-testid="provider-server"
          className={classes.server}
        >
          <Group gap="xs" mb="xs" wrap="wrap">
            <Title order={3} size="h5">
              {serverLabel(server.kind, server.baseUrl)}
            </Title>
            {/* The address and its count are one piece of text, joined by no-break spaces: at 800 px the
                count wrapped onto a line of its own ("· 1 model" under the address). Together they move
                below the title, and a long address breaks inside itself, taking its end with the count. */}
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="server-address">
              <Text span ff="monospace" inherit>
                {server.baseUrl}
              </Text>
              <span style={{ whiteSpace: 'nowrap' }} data-testid="server-models">
                {`\u00a0·\u00a0${server.models === 1 ? '1\u00a0model' : `${server.models}\u00a0models`}`}
              </span>
            </Text>
          </Group>
          <Table striped highlightOnHover verticalSpacing="sm" className={classes.table} aria-label={`Providers of ${server.baseUrl}`}>
            {/* Headings on one line each: at 800 px "API key" broke into "API" over "key". */}
            <Table.Thead style={{ whiteSpace: 'nowrap' }}>
              <Table.Tr>
                <Table.Th>Provider</Table.Th>
                <Table.Th className={classes.modelColumn}>Model</Table.Th>
                <Table.Th className={classes.keyColumn}>API key</Table.Th>
                <Table.Th>Last check</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {server.providers.map((p) => (
                <ProviderRow key={p.id} p={p} spoken={names.get(p.id) ?? providerTitle(p)} onRemove={onRemove} />
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      ))}
      {shown.notShown > 0 && (
        <Group gap="sm">
          <Button variant="default" onClick={() => setLimit((n) => n + PROVIDERS_PER_PAGE)} data-testid="show-more-providers">
            Show {Math.min(PROVIDERS_PER_PAGE, shown.notShown)} more
          </Button>
          <Text size="sm" c="dimmed">
            {shown.notShown === 1 ? '1 more provider is not shown' : `${countText(shown.notShown)} more providers are not shown`}
          </Text>
        </Group>
      )}
    </Stack>
  )
}

/** `spoken`: what the row's buttons call the provider (rowNames): what the row shows, not an id the operator may never have read. */
const ProviderRow = memo(function ProviderRow({
  p,
  spoken,
  onRemove
}: {
  p: ProviderListEntry
  spoken: string
  onRemove: (p: ProviderListEntry) => void
}) {
  return (
    <Table.Tr data-testid={`provider-row-${p.id}`}>
      {/* At least 10em: the name breaks anywhere (a name without spaces stays in its cell), and the
          table then squeezed the column to a few letters, breaking every word ("workstati on"). */}
      <Table.Td maw={280} miw="10em">
        <Text fw={600} className={classes.breaks}>
          {providerTitle(p)}
        </Text>
        {p.name?.trim() && (
          <Text size="xs" c="dimmed" ff="monospace" className={classes.breaks}>
            {p.id}
          </Text>
        )}
        <Text size="xs" ff="monospace" className={`${classes.modelUnderName} ${classes.breaks}`}>
          <VisuallyHidden>Model: </VisuallyHidden>
          {modelOf(p.model)}
        </Text>
        <Group gap={6} className={classes.keyUnderName} mt={4} wrap="nowrap">
          <Text size="xs" c="dimmed" component="span">
            API key
          </Text>
          <KeyBadge p={p} />
        </Group>
        {p.description && (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {p.description}
          </Text>
        )}
      </Table.Td>
      <Table.Td className={classes.modelColumn}>
        <Text ff="monospace" size="sm" className={classes.breaks}>
          {modelOf(p.model)}
        </Text>
      </Table.Td>
      <Table.Td className={classes.keyColumn}>
        <KeyBadge p={p} />
      </Table.Td>
      <Table.Td maw={320}>
        <LastCheckView check={p.last_check} compact of={spoken} />
      </Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap" className={classes.actions}>
          <CheckButton providerId={p.id} name={spoken} label={`Check ${spoken}`} />
          {/* Hints as titles, not Mantine Tooltips: each Tooltip sets up its floating position and listeners as the
              row mounts, which made a page of 50 providers take half a second to draw. */}
          <ActionIcon
            component="a"
            href={hrefOf({ name: 'edit-provider', providerId: p.id })}
            variant="subtle"
            aria-label={`Edit ${spoken}`}
            title="Edit"
            data-edit
          >
            <IconPencil size="1.125rem" />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={`Remove ${spoken}`} title="Remove" onClick={() => onRemove(p)} data-remove>
            <IconTrash size="1.125rem" />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  )
})

/** Whether the provider has a key stored (or one this machine cannot read). */
function KeyBadge({ p }: { p: ProviderListEntry }) {
  return p.key_unreadable ? (
    <Badge
      color="orange"
      variant="light"
      miw="max-content"
      title="The stored key cannot be decrypted on this machine: edit the provider to enter it again"
    >
      enter again
    </Badge>
  ) : p.has_api_key ? (
    <Badge color="teal.9" variant="filled" miw="max-content">
      set
    </Badge>
  ) : (
    <Badge color="gray" variant="outline" miw="max-content">
      none
    </Badge>
  )
}
