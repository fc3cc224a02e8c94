/** About `mb` MB of plain text whose words vary (a ledger), ending with a line naming the zanzibar archive, found nowhere else. */
export function largeText(mb: number): string {
  const line = (i: number) => `Paragraph ${i} of the ledger notes item${i % 9973} shipped to depot${i % 131} on day ${i % 365}.\n`
  const parts: string[] = []
  let size = 0
  for (let i = 0; size < mb * 1024 * 1024; i++) {
    const l = i % 40 === 39 ? '\n' : line(i)
    parts.push(l)
    size += l.length
  }
  parts.push('The last line names the zanzibar archive.\n')
  return parts.join('')
}
