/**
 * The fields of a provider as given that are kept and compared: all but its key, and without a
 * `name` or `description` sent as null (upstream clients send an absent Option as null; it means
 * no display name, the same as leaving it out, so it is neither stored nor listed as null).
 */
export function providerFields(raw: unknown): Record<string, unknown> {
  const { api_key: _key, ...rest } = raw as Record<string, unknown>
  if (rest.name === null) delete rest.name
  if (rest.description === null) delete rest.description
  return rest
}
