import { registerHooks } from 'node:module'

/*
 * Loaded with --import: this process finds no mammoth, as a package built without it would not,
 * so a reading process cannot load its parsers.
 */
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'mammoth') throw new Error("Cannot find package 'mammoth' (left out of this process by the test)")
    return nextResolve(specifier, context)
  }
})
