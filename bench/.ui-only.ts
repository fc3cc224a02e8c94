import { benchUi } from './ui'
benchUi(Number(process.argv[2]), 7).then((f) => { console.log(JSON.stringify(f)); process.exit(0) })
