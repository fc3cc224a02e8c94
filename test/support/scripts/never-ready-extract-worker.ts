/*
 * A reading process that starts and keeps its channel open but never says it is ready, as one
 * whose parsers' loading hangs would: it answers nothing.
 */
process.on('message', () => {})
// Gone with the node, as the real one is.
process.on('disconnect', () => process.exit(0))
