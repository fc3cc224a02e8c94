// Tests that start `npm run serve` as a child process need the built app.
export default async function setup(): Promise<void> {
  // @ts-expect-error: a plain .mjs script without type declarations
  const { ensureBuild } = (await import('../../scripts/ensure-build.mjs')) as { ensureBuild: () => void }
  ensureBuild()
}
