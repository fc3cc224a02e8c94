import { ActionIcon, Badge, Button, Group, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core'
import { modals } from '@mantine/modals'
import { notifications } from '@mantine/notifications'
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react'
import { useMemo } from 'react'
import { modelKind } from '../../../../shared/contract/identity'
import { PROVIDER_CATALOG } from '../../../../shared/provider-catalog'
import { useInboxes, useProviders, useRouteMutation } from '../../api/queries'
import { hrefOf } from '../../app/router'
import { errorText } from '../../api/client'

export function ProvidersPage() {
  const providers = useProviders()
  const inboxes = useInboxes(true)
  const remove = useRouteMutation('remove_llm_provider')
  const jobCounts = useMemo(() => {
    const counts = new Map<string, number>()
    for (const i of inboxes.data ?? []) counts.set(i.agent.id, (counts.get(i.agent.id) ?? 0) + 1)
    return counts
  }, [inboxes.data])

  const confirmRemove = (id: string) =>
    modals.openConfirmModal({
      title: `Remove provider “${id}”?`,
      children: <Text size="sm">Its settings and stored key are deleted. Jobs cannot use a removed provider.</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(
          { llm_provider_id: id },
          {
            onSuccess: () => notifications.show({ color: 'teal', message: `Provider “${id}” removed` }),
            onError: (err) => notifications.show({ color: 'red', title: 'Not removed', message: errorText(err) })
          }
        )
    })

  return (
    <Stack style={{ overflow: 'auto' }}>
      <Group justify="space-between">
        <Title order={2}>Providers</Title>
        <Button component="a" href={hrefOf({ name: 'new-provider' })} leftSection={<IconPlus size={16} />}>
          Add provider
        </Button>
      </Group>
      {providers.data && providers.data.length === 0 && <Text c="dimmed">No providers yet.</Text>}
      {providers.data && providers.data.length > 0 && (
        <Table striped highlightOnHover verticalSpacing="sm" aria-label="Providers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Provider</Table.Th>
              <Table.Th>Kind</Table.Th>
              <Table.Th>Model</Table.Th>
              <Table.Th>API key</Table.Th>
              <Table.Th>Jobs</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {providers.data.map((p) => {
              const { kind, modelType } = modelKind(p.model)
              return (
                <Table.Tr key={p.id} data-testid={`provider-row-${p.id}`}>
                  <Table.Td>
                    <Text fw={600}>{p.id}</Text>
                    {p.external_url && (
                      <Text size="xs" c="dimmed">
                        {p.external_url}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{PROVIDER_CATALOG[kind].label}</Table.Td>
                  <Table.Td>
                    <Text ff="monospace" size="sm">
                      {modelType}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {p.has_api_key ? (
                      <Badge color="teal.9" variant="filled">
                        set
                      </Badge>
                    ) : (
                      <Badge color="gray" variant="outline">
                        none
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{jobCounts.get(p.id) ?? 0}</Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Tooltip label="Edit">
                        <ActionIcon
                          component="a"
                          href={hrefOf({ name: 'edit-provider', providerId: p.id })}
                          variant="subtle"
                          aria-label={`Edit ${p.id}`}
                        >
                          <IconPencil size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Remove">
                        <ActionIcon variant="subtle" color="red" aria-label={`Remove ${p.id}`} onClick={() => confirmRemove(p.id)}>
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  )
}
