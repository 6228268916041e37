// One RedLock client (npm redlock over ioredis) taking the lock on every
// node it is given, ROUNDS times: lock, work, unlock. A node that is down
// fails at once (no offline queue), as RedLock's short per-node timeouts
// intend, so the quorum of the others decides. It logs in as REDIS_USERNAME
// with REDIS_PASSWORD.
//
//     node redlock_worker.js ROUNDS PORT...
'use strict';
const Redis = require('ioredis');
const Redlock = require('redlock');

const rounds = Number(process.argv[2]);
const ports = process.argv.slice(3).map(Number);
const clients = ports.map((port) => new Redis({
    host: '127.0.0.1', port, username: process.env.REDIS_USERNAME, password: process.env.REDIS_PASSWORD,
    enableOfflineQueue: false, maxRetriesPerRequest: 0,
    retryStrategy: () => 200, lazyConnect: true,
}));
for (const c of clients)
    c.on('error', () => {}); // a killed node: expected
const redlock = new Redlock(clients, { driftFactor: 0.01, retryCount: 100, retryDelay: 40, retryJitter: 40 });
redlock.on('clientError', () => {});

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

(async () => {
    // A node that is already down is RedLock's business, not a failure here.
    await Promise.allSettled(clients.map((c) => c.connect()));
    console.log('ready');
    let held = 0;
    for (let i = 0; i < rounds; ++i) {
        const lock = await redlock.lock('lock:10086', 3000);
        ++held;
        await sleep(120); // the work
        await lock.unlock().catch(() => {});
        await sleep(20);
    }
    console.log(`held the lock ${held} times`);
    for (const c of clients)
        c.disconnect();
    process.exit(0); // a client still reconnecting to a dead node would keep the loop alive
})().catch((e) => {
    console.error(e);
    process.exit(1);
});
