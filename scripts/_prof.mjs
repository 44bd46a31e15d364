import autocannon from 'autocannon'
import { startProductionServer } from './production-server.js'
const server = await startProductionServer({ env: { TRUST_PROXY: '1', RATE_LIMIT_MAX: '100000000' } })
const path = process.argv[2] ?? '/'
const crowd = process.argv[3] === 'crowd'
const ip = () => crowd ? [1 + Math.floor(Math.random() * 220), 1 + Math.floor(Math.random() * 250), Math.floor(Math.random() * 250), 1 + Math.floor(Math.random() * 250)].join('.') : '81.2.69.142'
const headers = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120', 'accept-encoding': 'gzip, br' }
const opts = (duration) => ({ url: server.origin + path, connections: 50, duration, headers, requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': ip() } }) }] })
await autocannon(opts(3))
const r = await autocannon(opts(10))
console.log(path, crowd ? 'crowd' : 'one', 'req/s', r.requests.average, 'p99', r.latency.p99, 'bytes/req', Math.round(r.throughput.average / r.requests.average), 'non2xx', r.non2xx)
server.stop()
await new Promise((r) => setTimeout(r, 1500))
