import { useLoopbackServer } from '../support/loopback-server'
import { beforeEach, describe, expect, it } from 'vitest'
import { provider } from '../support/fixtures'
import { expectError, useTestNode } from '../support/node'

/*
 * Error bodies in the shapes real servers send, quoted in the operator's message by what they say:
 * Express and NestJS servers (@dwmkerr/mock-llm's catch-all among them) put the status's name in
 * `error` and what happened in `message`; FastAPI servers a list of problems in `detail`; Gemini a
 * list of one error; a proxy or CDN in front of the server (nginx, Cloudflare) an HTML page.
 */

let status = 404
let body = ''
let type = 'application/json'
const local = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => {
    res.writeHead(status, { 'Content-Type': type })
    res.end(body)
  })
})
beforeEach(() => {
  type = 'application/json'
})

const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 4000, idleMs: 4000 }, rateLimitRetries: 0 } })
const check = () =>
  node.post('/v2/test_llm_provider', provider('p1', { external_url: `${local.url}/v1`, model: { OpenAI: { model_type: 'm' } } }))

describe('an error body', () => {
  it("with the status's name in `error` and what happened in `message`: quotes both", async () => {
    status = 404
    body = JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'Cannot POST /v1/chat/completions' })
    expectError(await check(), 502, '(HTTP 404: "Not Found: Cannot POST /v1/chat/completions")')
  })

  it('with a list of messages (NestJS validation): quotes them', async () => {
    status = 400
    body = JSON.stringify({
      statusCode: 400,
      error: 'Bad Request',
      message: ['temperature must not be greater than 1', 'top_k is not allowed']
    })
    expectError(await check(), 502, '(HTTP 400: "Bad Request: temperature must not be greater than 1; top_k is not allowed")')
  })

  it("with FastAPI's list of problems in `detail`: quotes each problem's words", async () => {
    status = 422
    body = JSON.stringify({ detail: [{ loc: ['body', 'top_k'], msg: 'Input should be a valid integer', type: 'int_parsing' }] })
    expectError(await check(), 502, '(HTTP 422: "Input should be a valid integer (body.top_k)")')
  })

  it('with only the message: quotes it as before', async () => {
    status = 500
    body = JSON.stringify({ error: { message: 'CUDA out of memory', type: 'server_error' } })
    const res = await check()
    expectError(res, 502, '(HTTP 500: "CUDA out of memory")')
    expect(JSON.stringify(res.body)).not.toContain('server_error')
  })
})

/** nginx's own error page, byte for byte as it sends it for a 502. */
const NGINX_502 =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.27.4</center>\r\n</body>\r\n</html>\r\n'

/** The head of Cloudflare's page for a 524 (the origin took too long), its title on lines of its own. */
const cloudflare524 = (host: string) => `<!DOCTYPE html>
<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->
<html class="no-js" lang="en-US"> <!--<![endif]-->
<head>
<title>
  ${host} | 524: A timeout occurred</title>
<meta charset="UTF-8" />
<meta name="robots" content="noindex, nofollow" />
<style>body { margin: 0; padding: 0 }</style>
</head>
<body><div id="cf-wrapper"><h1><span class="cf-error-type">Error</span> <span class="cf-error-code">524</span></h1>
<p>The origin web server timed out responding to this request.</p></div></body></html>`

describe('an HTML error page', () => {
  it("nginx's 502: quotes its title instead of the bare status", async () => {
    ;[status, type, body] = [502, 'text/html', NGINX_502]
    const res = await check()
    expectError(res, 502, '(HTTP 502: "502 Bad Gateway")')
    expect(JSON.stringify(res.body)).not.toMatch(/<|nginx\//)
  })

  it("Cloudflare's 524: quotes its title, references decoded and spaces collapsed", async () => {
    ;[status, type, body] = [524, 'text/html; charset=UTF-8', cloudflare524('llm.example.com &amp; co')]
    expectError(await check(), 502, '(HTTP 524: "llm.example.com & co | 524: A timeout occurred")')
  })

  it('with a very long title: quotes its start, cut short', async () => {
    ;[status, type, body] = [503, 'text/html', `<html><head><title>${'Maintenance '.repeat(40)}</title></head></html>`]
    const message = ((await check()).body as { message: string }).message
    const quoted = /\(HTTP 503: "(Maintenance[^"]*)"\)/.exec(message)?.[1]
    expect(quoted).toMatch(/^Maintenance Maintenance .*…$/)
    expect([...quoted!].length).toBeLessThanOrEqual(120)
  })

  it('without a title: the bare status, none of the markup', async () => {
    ;[status, type, body] = [502, 'text/html', '<html><body><h1>Bad gateway</h1></body></html>']
    const res = await check()
    expectError(res, 502, '(HTTP 502).')
    expect(JSON.stringify(res.body)).not.toContain('<')
  })
})

describe("Gemini's error body, a list of one error", () => {
  const gemini = () =>
    node.post(
      '/v2/test_llm_provider',
      provider('g1', {
        external_url: `${local.url}/v1beta`,
        api_key: 'gemini-key-0123456789',
        model: { Gemini: { model_type: 'gemini-2.5-flash' } }
      })
    )
  it("quotes the inner error's message, not the raw JSON", async () => {
    status = 503
    body = JSON.stringify([{ error: { code: 503, message: 'The model is overloaded. Please try again later.', status: 'UNAVAILABLE' } }])
    const res = await gemini()
    expectError(res, 502, '(HTTP 503: "The model is overloaded. Please try again later.")')
    expect(JSON.stringify(res.body)).not.toContain('UNAVAILABLE')
  })
})
