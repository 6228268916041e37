// The same lock with Redisson (Java): RLock without a lease renews itself
import java.util.concurrent.TimeUnit;

import org.redisson.Redisson;
import org.redisson.api.RAtomicLong;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.redisson.config.Config;

public class Watchdog {
    static final long ACQUIRE_TIMEOUT_MS = 5_000;
    static final long LEASE_MS = 10_000;
    static final long WORK_MS = 500;                // the business work done under the lock

    static RedissonClient connect() {
        Config config = new Config();
        config.useSingleServer().setAddress("redis://127.0.0.1:6379");
        // The lease of a lock taken without one (default 30 000 ms).
        config.setLockWatchdogTimeout(LEASE_MS);
        return Redisson.create(config);
    }

    static boolean placeOrder(RedissonClient redisson, long units) throws InterruptedException {
        RLock lock = redisson.getLock("lock:stock:10086");
        RAtomicLong stock = redisson.getAtomicLong("stock:10086");
        // lock() would wait for ever; this gives up after ACQUIRE_TIMEOUT_MS.
        // A Lua script sets the hash {owner: 1} with PEXPIRE LEASE_MS; while
        // it is busy, Redisson waits for the holder's unlock message.
        if (!lock.tryLock(ACQUIRE_TIMEOUT_MS, TimeUnit.MILLISECONDS))  //@ acquire backoff
            return false;
        // From now on, inside Redisson, every lockWatchdogTimeout / 3:   //@ timer
        //   if the hash still has our field then PEXPIRE LEASE_MS        //@ renew
        try {
            long left = stock.get();                                 //@ read
            if (left < units)
                return false;                                        // sold out
            Thread.sleep(WORK_MS);                                   //@ work
            // Redisson stops renewing when a renewal fails, but does not
            // stop the work: ask before writing.
            if (!lock.isHeldByCurrentThread())
                return false;
            stock.set(left - units);                                 //@ write
            return true;
        } finally {
            // Count down; at 0 delete, PUBLISH to the waiters, stop renewing.
            lock.unlock();                                           //@ release
        }
    }
}
