import { describe, expect, it } from 'vitest'
import { httpCaller } from '../support/http-call'
import { useUploadServer, useTestNode } from '../support/node'

/*
 * api-contract.md, VectorFS: an .html upload is "stored, its text extracted and cut into passages:
 * it is then searchable by keywords at once". Only two dozen named character references were
 * decoded (&amp;, &nbsp;, &copy;...): a French or German page written with &eacute;, &agrave;,
 * &uuml; or &szlig; (as many editors and CMSs write them) kept "&eacute;t&eacute;" in its passages,
 * so a search for "été" or "Straße" found nothing and answers quoted the markup. Every reference
 * HTML defines is now decoded, with its case (&Eacute; is É, &eacute; é).
 */
const TOKEN = 'html-references-token'
const node = useTestNode()
const uploads = useUploadServer(node, TOKEN, 1024 * 1024)
const call = httpCaller(() => uploads.server, TOKEN)

async function uploadHtml(filename: string, text: string) {
  const res = await uploads.upload('/', filename, text)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}

type Hit = { path: string; text: string }
const search = async (search: string) => {
  const res = await call<Hit[]>('POST', '/v2/search_items', { search, path: '/' })
  expect(res.status).toBe(200)
  return res.body
}

describe('an HTML page written with named character references', () => {
  it('is stored with the characters they stand for, and found by the words they spell', async () => {
    await uploadHtml(
      'ete.html',
      `<!doctype html><html lang="fr"><head><title>L&#39;&eacute;t&eacute;</title></head><body>
      <h1>&Eacute;t&eacute; &agrave; la fa&ccedil;on fran&ccedil;aise</h1>
      <p>Gr&uuml;&szlig;e aus der Stra&szlig;e, &AElig;sir &amp; &oelig;uvre &rarr; &alpha;&beta;&gamma; &frac12; &hearts; caf&eacute;&nbsp;cr&egrave;me</p>
      <p>Unknown &zzzq; stays, &AMP; is an ampersand too.</p>
      </body></html>`
    )
    const [hit] = await search('été')
    expect(hit?.path).toBe('/ete.html')
    expect(hit?.text).toBe(
      'Été à la façon française\n\nGrüße aus der Straße, Æsir & œuvre → αβγ ½ ♥ café crème\n\nUnknown &zzzq; stays, & is an ampersand too.'
    )
    expect((await search('Straße')).map((h) => h.path)).toEqual(['/ete.html'])
    expect((await search('façon française')).map((h) => h.path)).toEqual(['/ete.html'])
  })
})
