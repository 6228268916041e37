// The same lock with Redisson (Java): RFencedLock hands out the fencing token
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.redisson.Redisson;
import org.redisson.api.RFencedLock;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.redisson.client.RedisException;
import org.redisson.client.codec.StringCodec;
import org.redisson.config.Config;

public class FencedLock {
    static final long ACQUIRE_TIMEOUT_MS = 5_000;
    static final long LEASE_MS = 10_000;
    static final long WORK_MS = 500;                // the business work done under the lock

    // The store refuses a token older than one it has seen (Redisson leaves
    // this check to the application).
    static final String FENCED_STOCK =
        "local seen = tonumber(redis.call('GET', KEYS[2]) or '0') "
        + "if tonumber(ARGV[1]) < seen then return redis.error_reply('STALE token') end "
        + "redis.call('SET', KEYS[2], ARGV[1]) "
        + "if ARGV[2] == '' then return redis.call('GET', KEYS[1]) end "
        + "return redis.call('SET', KEYS[1], ARGV[2])";

    static boolean placeOrder(RedissonClient redisson, long units) throws InterruptedException {
        RFencedLock lock = redisson.getFencedLock("lock:stock:10086");
        RScript store = redisson.getScript(StringCodec.INSTANCE);
        List<Object> keys = List.of("stock:10086", "fence:seen:stock:10086");
        // Wait up to ACQUIRE_TIMEOUT_MS, lease LEASE_MS (no watchdog); the
        // token grows with every lock taken.
        Long token = lock.tryLockAndGetToken(ACQUIRE_TIMEOUT_MS, LEASE_MS, TimeUnit.MILLISECONDS);  //@ acquire backoff fence
        if (token == null)
            return false;
        try {
            String read = store.eval(RScript.Mode.READ_WRITE, FENCED_STOCK,
                                     RScript.ReturnType.VALUE, keys, token, "");  //@ read
            long left = Long.parseLong(read);
            if (left < units)
                return false;                                        // sold out
            Thread.sleep(WORK_MS);                                   //@ work
            store.eval(RScript.Mode.READ_WRITE, FENCED_STOCK,
                       RScript.ReturnType.VALUE, keys, token, String.valueOf(left - units));  //@ write
            return true;
        } catch (RedisException stale) {
            return false;                      // STALE: an older token than the store saw
        } finally {
            // Throws IllegalMonitorStateException if the lease ran out.
            lock.unlock();                                           //@ release
        }
    }
}
