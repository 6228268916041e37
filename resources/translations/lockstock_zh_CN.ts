<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>CodePanel</name>
    <message>
        <source>Code</source>
        <translation>代码</translation>
    </message>
</context>
<context>
    <name>ControlBar</name>
    <message>
        <source>Side by side</source>
        <translation>并排对比</translation>
    </message>
    <message>
        <source>Live threads</source>
        <translation>实时线程</translation>
    </message>
    <message>
        <source>A thread per client at full speed, as in production; no stepping, no Redis probes.</source>
        <translation>每个客户端一个线程全速运行，与生产环境一样；不能单步，也不探测 Redis。</translation>
    </message>
    <message>
        <source>⏸ Pause</source>
        <translation>⏸ 暂停</translation>
    </message>
    <message>
        <source>⟲ Replay</source>
        <translation>⟲ 回放</translation>
    </message>
    <message>
        <source>▶ Run</source>
        <translation>▶ 运行</translation>
    </message>
    <message>
        <source>Space</source>
        <translation>空格</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <source>Run %1&apos;s next command (→ steps the focused client, 1–9 picks it)</source>
        <translation>执行 %1 的下一条命令（→ 单步当前客户端，1–9 选择客户端）</translation>
    </message>
    <message>
        <source>↺ Reset</source>
        <translation>↺ 重置</translation>
    </message>
    <message>
        <source>R</source>
        <translation>R</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>Run speed relative to the scenario&apos;s; applies from the next run. Live threads use the real clock: leases scale with it.</source>
        <translation>相对场景默认值的运行速度；下次运行生效。实时线程使用真实时钟：租约随之缩放。</translation>
    </message>
    <message>
        <source>Playback speed relative to the scenario&apos;s, at once. Only the window&apos;s pace: Redis keeps the lesson&apos;s own times.</source>
        <translation>相对场景默认值的回放速度，立即生效。只改变窗口的播放节奏：Redis 仍使用课程本身的时间。</translation>
    </message>
    <message>
        <source>virtual clock</source>
        <translation>虚拟时钟</translation>
    </message>
    <message>
        <source>real clock</source>
        <translation>真实时钟</translation>
    </message>
    <message>
        <source>Redis runs on the run&apos;s own clock: pausing freezes every lease, the same run gives the same history.</source>
        <translation>Redis 使用本次运行自己的时钟：暂停会冻结所有租约，同样的运行得到同样的历史。</translation>
    </message>
    <message>
        <source>Redis runs on the wall clock, as in production: leases keep running while you watch.</source>
        <translation>Redis 使用真实的挂钟时间，与生产环境一样：观看时租约也在流逝。</translation>
    </message>
</context>
<context>
    <name>EventInspector</name>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Click an event on the timeline.</source>
        <translation>点击时间线上的事件查看详情。</translation>
    </message>
    <message>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>client</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>watchdog</source>
        <translation>看门狗</translation>
    </message>
    <message>
        <source>what</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>reply</source>
        <translation>回复</translation>
    </message>
    <message>
        <source>believes</source>
        <translation>自认为</translation>
    </message>
    <message>
        <source>I hold the lock</source>
        <translation>我持有锁</translation>
    </message>
    <message>
        <source>I do not hold the lock</source>
        <translation>我没有持有锁</translation>
    </message>
    <message>
        <source>Redis</source>
        <translation>Redis</translation>
    </message>
    <message>
        <source>code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>race</source>
        <translation>竞态</translation>
    </message>
</context>
<context>
    <name>Export</name>
    <message>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Export timeline as &amp;PNG…</source>
        <translation>导出时间线为 &amp;PNG…</translation>
    </message>
    <message>
        <source>Export timeline as &amp;SVG…</source>
        <translation>导出时间线为 &amp;SVG…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>Run / Pause</source>
        <translation>运行 / 暂停</translation>
    </message>
    <message>
        <source>Step focused client</source>
        <translation>单步当前客户端</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>回放</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Dark theme</source>
        <translation>深色主题</translation>
    </message>
    <message>
        <source>Larger text (projector)</source>
        <translation>放大文字（投影）</translation>
    </message>
    <message>
        <source>Smaller text</source>
        <translation>缩小文字</translation>
    </message>
    <message>
        <source>Fit the whole run</source>
        <translation>显示整个运行</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Export the timeline</source>
        <translation>导出时间线</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Space run/pause · → step · 1–9 focus client · R reset · wheel zoom · drag scroll · click an event for details · Ctrl+T stress test</source>
        <translation>空格 运行/暂停 · → 单步 · 1–9 选择客户端 · R 重置 · 滚轮缩放 · 拖动平移 · 点击事件查看详情 · Ctrl+T 压力测试</translation>
    </message>
    <message>
        <source>S&amp;tress test all strategies…</source>
        <translation>压力测试所有策略(&amp;T)…</translation>
    </message>
    <message>
        <source>Presentation mode</source>
        <translation>演示模式</translation>
    </message>
    <message>
        <source>Side panels</source>
        <translation>侧边面板</translation>
    </message>
</context>
<context>
    <name>RedisPanel</name>
    <message>
        <source>Redis</source>
        <translation>Redis</translation>
    </message>
    <message>
        <source>(not observed)</source>
        <translation>（未观测）</translation>
    </message>
    <message>
        <source>-1 (no TTL!)</source>
        <translation>-1（没有过期时间！）</translation>
    </message>
    <message>
        <source>-2 (no key)</source>
        <translation>-2（键不存在）</translation>
    </message>
    <message>
        <source>MONITOR</source>
        <translation>MONITOR</translation>
    </message>
</context>
<context>
    <name>ReplayBar</name>
    <message>
        <source>⏸</source>
        <translation>⏸</translation>
    </message>
    <message>
        <source>⟲ Replay</source>
        <translation>⟲ 回放</translation>
    </message>
    <message>
        <source>Replay speed: ×1 plays the whole run in 10 s</source>
        <translation>回放速度：×1 用 10 秒播放整个运行</translation>
    </message>
</context>
<context>
    <name>SideSwitch</name>
    <message>
        <source>✓ Correct</source>
        <translation>✓ 正确</translation>
    </message>
    <message>
        <source>✗ Broken</source>
        <translation>✗ 有缺陷</translation>
    </message>
</context>
<context>
    <name>Strategy</name>
    <message>
        <source>correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>broken</source>
        <translation>有缺陷</translation>
    </message>
    <message>
        <source>DECRBY, INCRBY back when it went negative</source>
        <translation>DECRBY，减成负数时再 INCRBY 加回</translation>
    </message>
    <message>
        <source>Reservation by atomic decrement: no oversell, at the cost of a brief negative stock.</source>
        <translation>用原子扣减预留库存：不会超卖，代价是库存会短暂为负。</translation>
    </message>
    <message>
        <source>SET NX PX plus a fencing token the stock store checks</source>
        <translation>SET NX PX，外加由库存存储校验的防护令牌（fencing token）</translation>
    </message>
    <message>
        <source>A client that paused past its lease wakes with an old token: the store refuses its write.</source>
        <translation>停顿超过租约的客户端醒来时令牌已过时：存储拒绝它的写入。</translation>
    </message>
    <message>
        <source>Lease watchdog: renew every lease/3 while held (Redisson)</source>
        <translation>租约看门狗：持锁期间每 1/3 租约续期一次（Redisson）</translation>
    </message>
    <message>
        <source>Long work keeps its lock: the owner-checked renewal stops on release.</source>
        <translation>长时间工作也能保住锁：校验持有者的续期在释放时停止。</translation>
    </message>
    <message>
        <source>a process pause longer than the lease</source>
        <translation>进程停顿超过租约</translation>
    </message>
    <message>
        <source>Lua check-and-decrement, no lock</source>
        <translation>Lua 检查并扣减，不加锁</translation>
    </message>
    <message>
        <source>One atomic script checks and deducts: never oversells, nothing to release.</source>
        <translation>一个原子脚本完成检查和扣减：绝不超卖，也无需释放。</translation>
    </message>
    <message>
        <source>Naive watchdog: plain PEXPIRE on a timer</source>
        <translation>朴素看门狗：定时执行普通 PEXPIRE</translation>
    </message>
    <message>
        <source>Renewal without an owner check extends another client&apos;s lock.</source>
        <translation>不校验持有者的续期会延长其他客户端的锁。</translation>
    </message>
    <message>
        <source>a renewal that fires after the release, while another client holds the lock</source>
        <translation>释放后仍触发的续期，而此时锁已属于其他客户端</translation>
    </message>
    <message>
        <source>GET, compute, SET with no lock</source>
        <translation>不加锁：GET、计算、SET</translation>
    </message>
    <message>
        <source>Two clients read the same stock and both write it back: one update is lost.</source>
        <translation>两个客户端读到同一库存并各自写回：丢失一次更新。</translation>
    </message>
    <message>
        <source>two clients reading the stock before either writes it back</source>
        <translation>两个客户端都在对方写回之前读取库存</translation>
    </message>
    <message>
        <source>Redlock: SET NX PX on N independent masters, majority and validity</source>
        <translation>Redlock：在 N 个独立主节点上 SET NX PX，取多数并检查有效期</translation>
    </message>
    <message>
        <source>Survives a minority of dead nodes; a node that forgets its locks can still give two majorities.</source>
        <translation>少数节点宕机也能工作；但忘记锁的节点仍可能产生两个多数派。</translation>
    </message>
    <message>
        <source>a node that forgets a lock, or a clock that jumps</source>
        <translation>节点忘记了锁，或时钟发生跳变</translation>
    </message>
    <message>
        <source>Redlock plus a fencing token the stock store checks</source>
        <translation>Redlock，外加由库存存储校验的防护令牌</translation>
    </message>
    <message>
        <source>When a node forgets a lock and two clients win a majority, the store still refuses the older token.</source>
        <translation>即使节点忘记了锁、两个客户端都拿到多数派，存储仍会拒绝较旧的令牌。</translation>
    </message>
    <message>
        <source>SET NX PX, release with plain DEL</source>
        <translation>SET NX PX，用普通 DEL 释放</translation>
    </message>
    <message>
        <source>Acquire is atomic, but DEL after the lease expired deletes another client&apos;s lock.</source>
        <translation>加锁是原子的，但租约过期后的 DEL 会删掉其他客户端的锁。</translation>
    </message>
    <message>
        <source>a lease that runs out while its holder still works</source>
        <translation>持有者仍在工作时租约已到期</translation>
    </message>
    <message>
        <source>SET NX PX, release with Lua compare-and-delete</source>
        <translation>SET NX PX，用 Lua 比较并删除来释放</translation>
    </message>
    <message>
        <source>Atomic acquire and an owner-checked release: safe while the work fits in the lease.</source>
        <translation>原子加锁、校验持有者的释放：只要工作能在租约内完成就安全。</translation>
    </message>
    <message>
        <source>work that outlasts the lease, or a lock server that fails</source>
        <translation>工作时间超过租约，或锁服务器故障</translation>
    </message>
    <message>
        <source>SET NX PX, then WAIT 1 for a replica before using the lock</source>
        <translation>SET NX PX，再 WAIT 1 等一个副本确认后才使用锁</translation>
    </message>
    <message>
        <source>A lock no replica has is not used; an acknowledged one can still be lost if another replica is promoted.</source>
        <translation>没有副本拥有的锁不会被使用；但若提升的是另一个副本，已确认的锁仍可能丢失。</translation>
    </message>
    <message>
        <source>a failover to a replica that never got the lock</source>
        <translation>故障转移到一个从未收到该锁的副本</translation>
    </message>
    <message>
        <source>SETNX, then EXPIRE as a second command</source>
        <translation>先 SETNX，再用第二条命令 EXPIRE</translation>
    </message>
    <message>
        <source>A crash between SETNX and EXPIRE leaves a lock that never expires.</source>
        <translation>在 SETNX 和 EXPIRE 之间崩溃，会留下一把永不过期的锁。</translation>
    </message>
    <message>
        <source>a crash between SETNX and EXPIRE</source>
        <translation>在 SETNX 和 EXPIRE 之间崩溃</translation>
    </message>
    <message>
        <source>WATCH / MULTI / DECRBY / EXEC, retry on conflict</source>
        <translation>WATCH / MULTI / DECRBY / EXEC，冲突时重试</translation>
    </message>
    <message>
        <source>Optimistic: no lock, EXEC fails when the stock changed, and the client retries.</source>
        <translation>乐观方式：不加锁，库存变化时 EXEC 失败，客户端重试。</translation>
    </message>
</context>
<context>
    <name>Stress</name>
    <message>
        <source>needs a replica to acknowledge WAIT, and this Redis has none</source>
        <translation>需要副本确认 WAIT，而这个 Redis 没有副本</translation>
    </message>
</context>
<context>
    <name>StressChart</name>
    <message>
        <source>Stress test: every strategy, the same workload</source>
        <translation>压力测试：所有策略，同一负载</translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation>关闭（Esc）</translation>
    </message>
    <message>
        <source>Real clients, a thread and a Redis connection each, place orders as fast as Redis answers; the checker then counts what broke.</source>
        <translation>真实的客户端（各有一个线程和一个 Redis 连接）以 Redis 能响应的最快速度下单，随后由检查器统计出了哪些问题。</translation>
    </message>
    <message>
        <source>Clients</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>Orders in total</source>
        <translation>订单总数</translation>
    </message>
    <message>
        <source>Stock</source>
        <translation>库存</translation>
    </message>
    <message>
        <source>▶ Run all strategies</source>
        <translation>▶ 运行所有策略</translation>
    </message>
    <message>
        <source>■ Cancel</source>
        <translation>■ 取消</translation>
    </message>
    <message>
        <source>throughput: orders per second, the fastest bar is full length</source>
        <translation>吞吐量：每秒订单数，最快者为满长</translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>Correctness (fewer problems is better)</source>
        <translation>正确性（问题越少越好）</translation>
    </message>
    <message>
        <source>Throughput (longer is faster)</source>
        <translation>吞吐量（越长越快）</translation>
    </message>
    <message>
        <source>%1 clients · %2 orders · stock %3</source>
        <translation>%1 个客户端 · %2 个订单 · 库存 %3</translation>
    </message>
    <message>
        <source>sold %1 · stock %2, expected %3</source>
        <translation>售出 %1 · 库存 %2，应为 %3</translation>
    </message>
    <message>
        <source>✓ safe</source>
        <translation>✓ 安全</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>stopped: %1</source>
        <translation>已停止：%1</translation>
    </message>
    <message>
        <source>not run: %1</source>
        <translation>未运行：%1</translation>
    </message>
    <message>
        <source>%1 /s</source>
        <translation>%1 /秒</translation>
    </message>
    <message>
        <source>p50 %1 ms · p99 %2 ms · %3 retries</source>
        <translation>p50 %1 毫秒 · p99 %2 毫秒 · 重试 %3 次</translation>
    </message>
    <message>
        <source>problems: what the verdict found wrong (units oversold, updates lost, two holders, a lock deleted or extended by another client...)</source>
        <translation>问题：判定发现的错误（超卖件数、丢失的更新、两个持锁者、被其他客户端删除或续期的锁……）</translation>
    </message>
    <message>
        <source>safe: none found, and the load tested it</source>
        <translation>安全：未发现问题，且该负载确实考验了它</translation>
    </message>
    <message>
        <source>not exercised: nothing broke, but this load never does what breaks it</source>
        <translation>未经考验：没有出错，但该负载从不触发会让它出错的情形</translation>
    </message>
    <message>
        <source>⚠ harmless: fencing</source>
        <translation>⚠ 无害：防护令牌</translation>
    </message>
    <message>
        <source>? not exercised</source>
        <translation>? 未经考验</translation>
    </message>
</context>
<context>
    <name>Timeline</name>
    <message>
        <source>Redis</source>
        <translation>Redis</translation>
    </message>
    <message>
        <source>client</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>Stock</source>
        <translation>库存</translation>
    </message>
    <message>
        <source>scenario time</source>
        <translation>场景时间</translation>
    </message>
    <message>
        <source>%1 and %2 both hold the lock</source>
        <translation>%1 和 %2 同时持有锁</translation>
    </message>
    <message>
        <source>this run did not read the lock back from Redis: the clients&apos; beliefs are below</source>
        <translation>本次运行未从 Redis 读回锁：下方是各客户端自己的认知</translation>
    </message>
    <message>
        <source>no client ever held the lock in Redis</source>
        <translation>Redis 中从未有客户端持有过锁</translation>
    </message>
    <message>
        <source>%1 holds it, no TTL</source>
        <translation>%1 持有，无过期时间</translation>
    </message>
    <message>
        <source>%1 holds it</source>
        <translation>%1 持有</translation>
    </message>
    <message>
        <source>TTL expired</source>
        <translation>TTL 到期</translation>
    </message>
    <message>
        <source>no TTL: stuck after %1 crashed</source>
        <translation>无 TTL：%1 崩溃后锁被卡死</translation>
    </message>
    <message>
        <source>believes it holds the lock</source>
        <translation>自认为持有锁</translation>
    </message>
    <message>
        <source>believes it holds, Redis says no</source>
        <translation>自认为持有，Redis 说没有</translation>
    </message>
    <message>
        <source>work %1</source>
        <translation>处理 %1</translation>
    </message>
    <message>
        <source>frozen %1 (GC pause)</source>
        <translation>冻结 %1（GC 停顿）</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>崩溃</translation>
    </message>
    <message>
        <source>sold: oversold!</source>
        <translation>成交：超卖！</translation>
    </message>
    <message>
        <source>sold</source>
        <translation>成交</translation>
    </message>
    <message>
        <source>no sale</source>
        <translation>未成交</translation>
    </message>
    <message>
        <source>below zero: oversold</source>
        <translation>低于零：超卖</translation>
    </message>
    <message>
        <source>start %1</source>
        <translation>初始 %1</translation>
    </message>
    <message>
        <source>- - expected: start minus units sold</source>
        <translation>- - 预期：初始减去已售</translation>
    </message>
    <message>
        <source>lease: TTL left in Redis</source>
        <translation>租约：Redis 中剩余 TTL</translation>
    </message>
    <message>
        <source>client believes it holds the lock</source>
        <translation>客户端自认为持有锁</translation>
    </message>
    <message>
        <source>belief without the lock</source>
        <translation>自认为持有但实际没有</translation>
    </message>
    <message>
        <source>race</source>
        <translation>竞态</translation>
    </message>
    <message>
        <source>expected stock</source>
        <translation>预期库存</translation>
    </message>
    <message>
        <source>%1 and %2 both hold the lock: fencing makes it harmless</source>
        <translation>%1 和 %2 同时持有锁：防护令牌使其无害</translation>
    </message>
    <message>
        <source>made harmless by fencing</source>
        <translation>防护令牌使其无害</translation>
    </message>
    <message>
        <source>%1 + %2</source>
        <translation>%1 + %2</translation>
    </message>
    <message>
        <source>%1 retried %2× (%3)</source>
        <translation>%1 重试了 %2 次（%3）</translation>
    </message>
</context>
<context>
    <name>TimelinePane</name>
    <message>
        <source>Zoom in (+, or the wheel)</source>
        <translation>放大（+ 或滚轮）</translation>
    </message>
    <message>
        <source>Zoom out (-)</source>
        <translation>缩小（-）</translation>
    </message>
    <message>
        <source>Fit the whole run (0)</source>
        <translation>显示整个运行（0）</translation>
    </message>
</context>
<context>
    <name>Verdict</name>
    <message>
        <source>The final stock could not be read.</source>
        <translation>无法读取最终库存。</translation>
    </message>
    <message>
        <source>Sold %1 units with %2 in stock: %3 oversold.</source>
        <translation>库存只有 %2 件却卖出了 %1 件：超卖 %3 件。</translation>
    </message>
    <message>
        <source>%1 and %2 both held the lock for %3 s.</source>
        <translation>%1 和 %2 同时持有锁 %3 秒。</translation>
    </message>
    <message>
        <source>The lock had no TTL for %1 s after %2 crashed: nobody could take it.</source>
        <translation>%2 崩溃后锁在 %1 秒内没有过期时间：谁也拿不到。</translation>
    </message>
    <message>
        <source>Correct: stock %1 as expected (%2 of %3 orders sold), the lock was never shared.</source>
        <translation>正确：库存为预期的 %1（%3 个订单成交 %2 个），锁从未被共享。</translation>
    </message>
    <message numerus="yes">
        <source>%n write(s) went over another client&apos;s sale.</source>
        <translation>
            <numerusform>%n 次写入覆盖了其他客户端的销售。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stock should be %1, is %2: %n update(s) lost.</source>
        <translation>
            <numerusform>库存应为 %1，实际为 %2：丢失了 %n 次更新。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 and %2 both held the lock for %3 s; fencing made it harmless.</source>
        <translation>%1 和 %2 同时持有锁 %3 秒；防护令牌使其无害。</translation>
    </message>
    <message numerus="yes">
        <source>The store refused %n stale write(s): their fencing tokens were older than ones already seen.</source>
        <translation>
            <numerusform>存储拒绝了 %n 次过时的写入：其防护令牌比已见过的更旧。</numerusform>
        </translation>
    </message>
    <message>
        <source>Fencing kept the stock right: %1 as expected.</source>
        <translation>防护令牌保住了正确的库存：与预期一致，为 %1。</translation>
    </message>
    <message numerus="yes">
        <source>%n order(s) failed: the lock&apos;s Redis could not be reached.</source>
        <translation>
            <numerusform>%n 个订单失败：无法连接锁所在的 Redis。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 deleted %2&apos;s lock %n time(s).</source>
        <translation>
            <numerusform>%1 删除了 %2 的锁（%n 次）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 extended %2&apos;s lock %n time(s).</source>
        <translation>
            <numerusform>%1 续期了 %2 的锁（%n 次）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 found its lock gone %n time(s) and went on as if it held it.</source>
        <translation>
            <numerusform>%1 发现自己的锁已经不在（%n 次），却仍当作持有锁继续执行。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 renewed its lease %n time(s) after it had run out (by up to %2 ms): meanwhile Redis held no lock for %1.</source>
        <translation>
            <numerusform>%1 在租约到期后才续期（%n 次，最多晚 %2 毫秒）：在此期间 Redis 中并没有 %1 的锁。</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing went wrong that this run could see.</source>
        <translation>本次运行没有看到任何错误。</translation>
    </message>
    <message>
        <source>Nothing went wrong this time: stock %1 as expected (%2 of %3 orders sold). This run never tested what breaks %4: %5.</source>
        <translation>这次没有出错：库存为预期的 %1（%3 个订单成交 %2 个）。但本次运行从未考验会让 %4 出错的情形：%5。</translation>
    </message>
    <message>
        <source>Nothing went wrong this time: stock %1 as expected (%2 of %3 orders sold), but %4 is the broken side of this lesson.</source>
        <translation>这次没有出错：库存为预期的 %1（%3 个订单成交 %2 个），但 %4 是本课中有缺陷的一方。</translation>
    </message>
    <message>
        <source>stock unknown</source>
        <translation>库存未知</translation>
    </message>
    <message numerus="yes">
        <source>%n update(s) lost</source>
        <translation>
            <numerusform>丢失 %n 次更新</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n oversold</source>
        <translation>
            <numerusform>超卖 %n 件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n overlap(s), made harmless by fencing</source>
        <translation>
            <numerusform>同时持锁 %n 次，防护令牌使其无害</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n overlap(s)</source>
        <translation>
            <numerusform>同时持锁 %n 次</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stale write(s) refused</source>
        <translation>
            <numerusform>拒绝了 %n 次过时写入</numerusform>
        </translation>
    </message>
    <message>
        <source>fencing kept the stock right</source>
        <translation>防护令牌保住了库存</translation>
    </message>
    <message numerus="yes">
        <source>%n order(s) without a lock</source>
        <translation>
            <numerusform>%n 个订单拿不到锁</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n foreign delete(s)</source>
        <translation>
            <numerusform>误删他人的锁 %n 次</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n foreign renewal(s)</source>
        <translation>
            <numerusform>误续他人的锁 %n 次</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n lost lock(s) still believed</source>
        <translation>
            <numerusform>锁已丢失仍自认为持有 %n 次</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n late renewal(s)</source>
        <translation>
            <numerusform>迟到的续期 %n 次</numerusform>
        </translation>
    </message>
    <message>
        <source>a lock stuck without TTL</source>
        <translation>一把没有 TTL 的锁被卡死</translation>
    </message>
    <message>
        <source>not exercised by this load</source>
        <translation>该负载未考验到</translation>
    </message>
    <message>
        <source>safe: none found</source>
        <translation>安全：未发现问题</translation>
    </message>
    <message>
        <source>lost update: overwrote %1&apos;s sale</source>
        <translation>丢失更新：覆盖了 %1 的销售</translation>
    </message>
    <message>
        <source>lost update: wrote %1 over %2&apos;s sale</source>
        <translation>丢失更新：写入 %1，覆盖了 %2 的销售</translation>
    </message>
    <message>
        <source>oversold</source>
        <translation>超卖</translation>
    </message>
    <message>
        <source>stale token: write refused</source>
        <translation>令牌过时：写入被拒绝</translation>
    </message>
    <message>
        <source>%1 deleted %2&apos;s lock</source>
        <translation>%1 删除了 %2 的锁</translation>
    </message>
    <message>
        <source>%1 extended %2&apos;s lock</source>
        <translation>%1 续期了 %2 的锁</translation>
    </message>
    <message>
        <source>no lock left to extend</source>
        <translation>已无锁可续期</translation>
    </message>
    <message>
        <source>renewed %1 ms after the lease ran out</source>
        <translation>租约到期 %1 毫秒后才续期</translation>
    </message>
</context>
<context>
    <name>VerdictPanel</name>
    <message>
        <source>Running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <source>Paused: step a client or press Run</source>
        <translation>已暂停：单步某个客户端或按运行</translation>
    </message>
    <message>
        <source>Press Run (Space) or step a client (→)</source>
        <translation>按运行（空格）或单步某个客户端（→）</translation>
    </message>
</context>
<context>
    <name>Window</name>
    <message>
        <source>see the terminal for details</source>
        <translation>详情见终端输出</translation>
    </message>
</context>
<context>
    <name>lockstock::RunController</name>
    <message>
        <source>Redis is not available: %1</source>
        <translation>Redis 不可用：%1</translation>
    </message>
    <message>
        <source>The run stopped: %1</source>
        <translation>运行已停止：%1</translation>
    </message>
</context>
<context>
    <name>lockstock::StressComparison</name>
    <message>
        <source>A comparison is already running.</source>
        <translation>已有一个对比正在运行。</translation>
    </message>
    <message>
        <source>Redis is not available.</source>
        <translation>Redis 不可用。</translation>
    </message>
    <message>
        <source>Clients must be 1 to %1, orders 1 to %2, stock 0 or more.</source>
        <translation>客户端数须为 1 到 %1，订单数 1 到 %2，库存不能小于 0。</translation>
    </message>
</context>
</TS>
