/*
 * Testing Library's waits (waitFor, findBy…) give up after 1 s by default, which a loaded CI
 * machine can take for a render that is only slow. They return as soon as their condition holds,
 * so 5 s makes no passing run slower. Only test files with a DOM use them (and load the library).
 *
 * Mantine's notifications live in a store of their own, which outlives a test's render: a notice one
 * test showed was drawn again by the next test's window, where a search for its words found it (a test
 * that could not fail). Each test starts with none.
 */
if ('document' in globalThis) {
  const { configure } = await import('@testing-library/dom')
  configure({ asyncUtilTimeout: 5000 })
  const { afterEach } = await import('vitest')
  const { notifications } = await import('@mantine/notifications')
  afterEach(() => notifications.clean())
}

export {}
