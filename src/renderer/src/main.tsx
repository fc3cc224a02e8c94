// The page's entry: small on purpose. It sends the first screen's requests (the one-time code's
// trade, then the reads the list needs) and only then loads the app, so those requests are under way
// while the browser loads and runs React, Mantine and the screens (app-main.tsx takes their answers).
import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import './app/app.css'
import { earlySession, startEarly } from './api/early-start'
import { warmUpTimeFormats } from './features/inboxes/relative-time'

startEarly(window)
void import('./app-main')
// The main thread is idle until the app's code arrives: the rows' time formats get ready meanwhile,
// once the first screen's reads have gone out (they wait for the session's answer on this thread).
void (earlySession() ?? Promise.resolve()).then(() => setTimeout(warmUpTimeFormats))
