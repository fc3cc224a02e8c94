import { z } from 'zod'

export const HealthSchema = z.strictObject({
  status: z.literal('ok'),
  node_name: z.string(),
  version: z.string()
})
export type Health = z.infer<typeof HealthSchema>
