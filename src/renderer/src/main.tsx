// The page's entry: small on purpose. It sends the first screen's requests (the one-time code's
// trade, then the reads the list needs) and only then loads the app, so those requests are under way
// while the browser loads and runs React, Mantine and the screens (app-main.tsx takes their answers).
import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import './app/app.css'
import { startEarly } from './api/early-start'

startEarly(window)
void import('./app-main')
