// The page's entry: small on purpose. It sends the first screen's requests (the one-time code's
// trade, then the reads the list needs) and only then loads the app, so those requests are under way
// while the browser loads and runs React, Mantine and the screens (app-main.tsx takes their answers).
// The stylesheets come with the app, not here: a page's scripts wait for the stylesheets before them
// (Mantine's were 250 KB then, 157 KB now). The first inbox row came 30-90 ms sooner (medians of 9 navigations).
import { earlySession, startEarly } from './api/early-start'
import { holdEarlyKeys } from './app/early-keys'
import { warmUpTimeFormats } from './features/inboxes/relative-time'

// Keys pressed before the app is drawn (Ctrl+K and a search typed at once) wait for it.
holdEarlyKeys()
startEarly(window)
// The rows' time formats get ready (the first use of the language's date data, 25-35 ms on 2 cores)
// while the session's answer and the app's code are on their way: run once the app's code was
// compiled, it held the app back by as much.
setTimeout(warmUpTimeFormats)
// A new UI address opened in this tab (the node restarted and printed another) differs from the
// page's address only after '#', so the browser does not load the page again and its code would go
// unused: the page is loaded again, which trades it.
window.addEventListener('hashchange', () => {
  if (new URLSearchParams(window.location.hash.replace(/^#/, '')).has('code')) window.location.reload()
})
// The app is run once the session's answer is in and the first screen's reads have gone out (they are
// sent from its handler): the app's code, already fetched and compiled (modulepreload), takes 80-90 ms
// of this thread to run, and run first it held the answer's handler back, so the reads went out after
// it and the first render waited for them. First row, 24 navigations each way, taking turns: median
// 405 -> 379 ms (1,000 inboxes, 2 cores).
const readsSent = earlySession() ?? Promise.resolve()
void readsSent.then(() => import('./app-main'))
