import { fetchExport, type ExportAnswer, type ExportAsked } from './export-fetch'

/* An export fetched, read and made a Blob off the window's thread (export-fetch.ts, export-off-thread.ts). */
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<ExportAsked>) => void) | null
  postMessage: (data: ExportAnswer) => void
}
scope.onmessage = ({ data: { id, ...asked } }) => {
  void fetchExport(asked).then((reply) => scope.postMessage({ ...reply, id }))
}
