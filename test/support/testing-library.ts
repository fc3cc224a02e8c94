/*
 * Testing Library's waits (waitFor, findBy…) give up after 1 s by default, which a loaded CI
 * machine can take for a render that is only slow. They return as soon as their condition holds,
 * so 5 s makes no passing run slower. Only test files with a DOM use them (and load the library).
 */
if ('document' in globalThis) {
  const { configure } = await import('@testing-library/dom')
  configure({ asyncUtilTimeout: 5000 })
}

export {}
