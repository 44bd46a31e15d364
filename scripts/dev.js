// `npm run dev`: the command `remix dev` runs once its first build is done: the content, the
// server bundle, then the server. `remix dev -c` splits its command on spaces and runs no shell,
// so the steps cannot be chained with `&&` in package.json.
import { execFileSync, spawn } from 'node:child_process'

execFileSync(process.execPath, ['scripts/build-content.js'], { stdio: 'inherit' })
execFileSync(process.execPath, ['scripts/build-server.js'], { stdio: 'inherit' })
const server = spawn(process.execPath, ['build/server.js'], { stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
