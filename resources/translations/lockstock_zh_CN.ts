<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Challenge</name>
    <message>
        <source>Sell more than the stock holds</source>
        <translation>卖出比库存更多的货</translation>
    </message>
    <message>
        <source>Make two clients hold the lock at once</source>
        <translation>让两个客户端同时持有锁</translation>
    </message>
    <message>
        <source>Make one client delete another&apos;s lock</source>
        <translation>让一个客户端删掉另一个客户端的锁</translation>
    </message>
    <message>
        <source>Make one client extend another&apos;s lock</source>
        <translation>让一个客户端给另一个客户端的锁续期</translation>
    </message>
    <message>
        <source>Make a client go on working on a lock Redis no longer holds</source>
        <translation>让客户端在 Redis 里已经没有的锁上继续干活</translation>
    </message>
    <message>
        <source>Make a renewal arrive after the lease ran out</source>
        <translation>让续期在租约过期之后才到达</translation>
    </message>
    <message>
        <source>Leave a lock in Redis that never expires</source>
        <translation>在 Redis 里留下一把永不过期的锁</translation>
    </message>
    <message>
        <source>Keep a crashed client&apos;s lock alive</source>
        <translation>让崩溃客户端的锁一直活着</translation>
    </message>
    <message>
        <source>Make a client let go of its lock while Redis keeps it</source>
        <translation>让客户端以为已经放开了锁，Redis 却还留着它</translation>
    </message>
    <message>
        <source>Take a unit from the stock without a sale</source>
        <translation>在没有成交的情况下从库存里扣掉一件</translation>
    </message>
    <message>
        <source>Make orders fail because the lock&apos;s Redis is gone</source>
        <translation>让订单因为锁所在的 Redis 不在了而失败</translation>
    </message>
    <message>
        <source>Make an order give up at once although stock is left</source>
        <translation>让订单在还有库存时立刻放弃</translation>
    </message>
    <message>
        <source>Make an order wait for the lock until it gives up</source>
        <translation>让订单一直等锁，直到放弃</translation>
    </message>
    <message>
        <source>Leave stock unsold that orders asked for</source>
        <translation>让订单要买的库存卖不出去</translation>
    </message>
    <message>
        <source>Make an order fail on an error reply from Redis</source>
        <translation>让订单因为 Redis 返回错误而失败</translation>
    </message>
    <message>
        <source>Make the checker find: %1</source>
        <translation>让检查器发现：%1</translation>
    </message>
    <message>
        <source>Make a client write the stock from a read another client&apos;s write has made stale</source>
        <translation>让一个客户端依据已被另一个客户端的写入变得过时的读取来写库存</translation>
    </message>
    <message>
        <source>Lose a unit: make one client write the stock over another&apos;s sale</source>
        <translation>丢失一件扣减：让一个客户端写入的库存覆盖另一个客户端的成交</translation>
    </message>
</context>
<context>
    <name>ChallengeBar</name>
    <message>
        <source>Challenge: %1</source>
        <translation>挑战：%1</translation>
    </message>
    <message>
        <source>Leave</source>
        <translation>退出</translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message>
        <source>correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>broken</source>
        <translation>有缺陷</translation>
    </message>
    <message>
        <source>Scenarios, in the order of the course (lockstock run NAME):</source>
        <translation>场景，按课程顺序（lockstock run 名称）：</translation>
    </message>
    <message>
        <source>broken: %1, correct: %2</source>
        <translation>有缺陷：%1，正确：%2</translation>
    </message>
    <message>
        <source>Strategies (--strategy NAME):</source>
        <translation>策略（--strategy 名称）：</translation>
    </message>
    <message>
        <source>%1 · %2 (%3) · clock: %4 · Redis %5</source>
        <translation>%1 · %2（%3）· 时钟：%4 · Redis %5</translation>
    </message>
    <message numerus="yes">
        <source>%n private lock node(s) (replicated) and a store</source>
        <translation>
            <numerusform>%n 个私有锁节点（主从复制）和一个库存存储</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n private lock node(s) and a store</source>
        <translation>
            <numerusform>%n 个私有锁节点和一个库存存储</numerusform>
        </translation>
    </message>
    <message>
        <source>STOPPED</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>BROKE</source>
        <translation>出错</translation>
    </message>
    <message>
        <source>harmless</source>
        <translation>无害</translation>
    </message>
    <message>
        <source>untested</source>
        <translation>未验证</translation>
    </message>
    <message>
        <source>held</source>
        <translation>守住了</translation>
    </message>
    <message>
        <source>throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>%1 orders/s (%2 Redis commands in %3 s)</source>
        <translation>%1 单/秒（%3 秒内 %2 条 Redis 命令）</translation>
    </message>
    <message>
        <source>latency p50 / p99</source>
        <translation>延迟 p50 / p99</translation>
    </message>
    <message>
        <source>%1 / %2 ms</source>
        <translation>%1 / %2 毫秒</translation>
    </message>
    <message>
        <source>retries</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>%1 (failed acquires, aborted EXECs)</source>
        <translation>%1（加锁失败、被中止的 EXEC）</translation>
    </message>
    <message>
        <source>verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>strategy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>claims</source>
        <translation>自称</translation>
    </message>
    <message>
        <source>sold</source>
        <translation>售出</translation>
    </message>
    <message>
        <source>stock/exp</source>
        <translation>库存/应有</translation>
    </message>
    <message>
        <source>oversold</source>
        <translation>超卖</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>丢失</translation>
    </message>
    <message>
        <source>overlap</source>
        <translation>重叠</translation>
    </message>
    <message>
        <source>orders/s</source>
        <translation>单/秒</translation>
    </message>
    <message>
        <source>p50 ms</source>
        <translation>p50 毫秒</translation>
    </message>
    <message>
        <source>p99 ms</source>
        <translation>p99 毫秒</translation>
    </message>
    <message>
        <source>%1 %2 skipped: %3</source>
        <translation>%1 %2 跳过：%3</translation>
    </message>
    <message>
        <source>stress · %1 clients · %2 orders · stock %3 · clock: real · Redis %4</source>
        <translation>压力测试 · %1 个客户端 · %2 个订单 · 库存 %3 · 时钟：真实 · Redis %4</translation>
    </message>
    <message>
        <source>Stopped before the end: no verdict. The figures cover what ran until then.</source>
        <translation>未运行到结束就停止了：没有结论。这些数据只涵盖停止前已运行的部分。</translation>
    </message>
    <message>
        <source>The fix: %1</source>
        <translation>修复：%1</translation>
    </message>
    <message>
        <source>The broken side: %1</source>
        <translation>有问题的一边：%1</translation>
    </message>
    <message>
        <source>Frame %1 of %2</source>
        <translation>第 %1 帧，共 %2 帧</translation>
    </message>
    <message>
        <source>Answer: %1</source>
        <translation>答案：%1</translation>
    </message>
    <message numerus="yes">
        <source>Scenario %1 · about %n minute(s)</source>
        <translation>
            <numerusform>场景 %1 · 约 %n 分钟</numerusform>
        </translation>
    </message>
    <message>
        <source>Now the fix: the same scenario with %1.</source>
        <translation>接下来看修复：同一个场景，换成 %1。</translation>
    </message>
    <message numerus="yes">
        <source>Cluster of %n private node(s) and a store</source>
        <translation>
            <numerusform>Cluster（%n 个私有节点）和一个库存存储</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>Class poll: students join at %1</source>
        <translation>课堂投票：学生打开 %1 加入</translation>
    </message>
    <message>
        <source>Enter goes on: it closes a question&apos;s voting, then reveals the answer (&apos;again&apos; first for another round). &apos;q&apos; ends the lesson.</source>
        <translation>回车继续：先截止本题投票，再揭晓答案（揭晓前输入 again 可再投一轮）。输入 q 结束本课。</translation>
    </message>
    <message>
        <source>Voting is open; Enter closes it.</source>
        <translation>投票已开始；回车截止。</translation>
    </message>
    <message>
        <source>Round %1: voting is open; Enter closes it.</source>
        <translation>第 %1 轮：投票已开始；回车截止。</translation>
    </message>
    <message>
        <source>Another round needs a vote in this one (at most %1 rounds).</source>
        <translation>本轮有人投票后才能再投一轮（最多 %1 轮）。</translation>
    </message>
    <message>
        <source>Enter goes on, &apos;again&apos; votes again, &apos;q&apos; ends the lesson.</source>
        <translation>回车继续，again 再投一轮，q 结束本课。</translation>
    </message>
    <message>
        <source>Voting is closed. Enter reveals the answer; &apos;again&apos; opens another round.</source>
        <translation>投票已截止。回车揭晓答案；输入 again 再投一轮。</translation>
    </message>
    <message numerus="yes">
        <source>%n joined</source>
        <translation>
            <numerusform>%n 人已加入</numerusform>
        </translation>
    </message>
    <message>
        <source>Round %1 · %2 voted · %3</source>
        <translation>第 %1 轮 · %2 人已投 · %3</translation>
    </message>
    <message numerus="yes">
        <source>The poll is closed: %n question(s) asked.</source>
        <translation>
            <numerusform>投票已关闭：共提问 %n 道题。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 · right: %2</source>
        <translation>%1 · 答对：%2</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>explore (%1): %2 runs · %3/s</source>
        <translation>探索（%1）：%2 次运行 · %3 次/秒</translation>
    </message>
    <message>
        <source>outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>runs</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>shortest schedule</source>
        <translation>最短调度</translation>
    </message>
    <message numerus="yes">
        <source>%n step(s): </source>
        <translation>
            <numerusform>%n 步：</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No finding in %n sampled run(s).</source>
        <translation>
            <numerusform>在 %n 次抽样运行中没有发现问题。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No finding in %n execution(s) (bounded: the space was not covered).</source>
        <translation>
            <numerusform>在 %n 次执行中没有发现问题（有界：未覆盖整个空间）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No finding in all %n interleaving(s) (complete).</source>
        <translation>
            <numerusform>在全部 %n 种交错中都没有发现问题（完整）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No finding in all %n distinct execution(s) (complete).</source>
        <translation>
            <numerusform>在全部 %n 个不同的执行中都没有发现问题（完整）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n execution(s) (%2) fail.</source>
        <translation>
            <numerusform>%n 次执行中有 %1 次（%2）失败。</numerusform>
        </translation>
    </message>
    <message>
        <source>Shortest counterexample per finding (fewest steps, then fewest faults):</source>
        <translation>每种问题的最短反例（步数最少，其次故障最少）：</translation>
    </message>
    <message numerus="yes">
        <source>%n step(s)</source>
        <translation>
            <numerusform>%n 步</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 · %2 (%3) · every schedule, on the virtual clock · %n worker(s), each with private redis-servers</source>
        <translation>
            <numerusform>%1 · %2（%3）· 所有调度，虚拟时钟 · %n 个工作线程，各有私有的 redis-server</numerusform>
        </translation>
    </message>
    <message>
        <source>Saved the shortest counterexample (%1) to %2; replay it with: %3</source>
        <translation>最短反例（%1）已保存到 %2；重放命令：%3</translation>
    </message>
    <message>
        <source>neither DISPLAY nor WAYLAND_DISPLAY is set</source>
        <translation>DISPLAY 和 WAYLAND_DISPLAY 都没有设置</translation>
    </message>
    <message>
        <source>the window needs a display and cannot open one (%1).
Set DISPLAY (or WAYLAND_DISPLAY) to the screen to use, or learn in this terminal:
  lockstock lesson lost-update   a guided lesson, its frames with the trace between them
  lockstock run lost-update      run a scenario and print the checker&apos;s verdict
  lockstock --help               every command</source>
        <translation>窗口需要一个显示器，但打不开（%1）。
把 DISPLAY（或 WAYLAND_DISPLAY）设为要用的屏幕，或者就在这个终端里学：
  lockstock lesson lost-update   引导课程：逐帧讲解，帧之间是执行轨迹
  lockstock run lost-update      运行一个场景并打印检查器的结论
  lockstock --help               所有命令</translation>
    </message>
</context>
<context>
    <name>CodeLanguageSwitch</name>
    <message>
        <source>The C++ LockStock runs, with the helpers it calls</source>
        <translation>LockStock 实际运行的 C++ 代码，连同它调用的辅助函数</translation>
    </message>
    <message>
        <source>The same algorithm in Python with redis-py</source>
        <translation>同一算法的 Python 版（redis-py）</translation>
    </message>
    <message>
        <source>The same lock with Redisson (Java)</source>
        <translation>同一把锁的 Redisson 写法（Java）</translation>
    </message>
</context>
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
    <message>
        <source>%1 · broken here</source>
        <translation>%1 · 本场景的错误做法</translation>
    </message>
    <message>
        <source>%1 · correct here</source>
        <translation>%1 · 本场景的正确做法</translation>
    </message>
    <message>
        <source>⑂ Fork</source>
        <translation>⑂ 分叉</translation>
    </message>
    <message>
        <source>F: replay the run to the cursor and go on from there with a change</source>
        <translation>F：把运行重放到光标处，再带着改动从那里继续</translation>
    </message>
</context>
<context>
    <name>Event</name>
    <message>
        <source>%1 killed (SIGKILL)</source>
        <translation>%1 被强制终止（SIGKILL）</translation>
    </message>
    <message>
        <source>%1 paused (SIGSTOP)</source>
        <translation>%1 被暂停（SIGSTOP）</translation>
    </message>
    <message>
        <source>%1 resumed (SIGCONT)</source>
        <translation>%1 恢复运行（SIGCONT）</translation>
    </message>
    <message>
        <source>%1 restarted (%2)</source>
        <translation>%1 已重启（%2）</translation>
    </message>
    <message>
        <source>%1 cut off from its master (SIGSTOP, replication link closed)</source>
        <translation>%1 与主节点断开（SIGSTOP，复制链接已关闭）</translation>
    </message>
    <message>
        <source>%1 promoted to master (REPLICAOF NO ONE)</source>
        <translation>%1 被提升为主节点（REPLICAOF NO ONE）</translation>
    </message>
    <message>
        <source>%1 clock jumped %2 s</source>
        <translation>%1 的时钟跳变 %2 秒</translation>
    </message>
    <message>
        <source>%1 clock runs %2 % %3</source>
        <translation>%1 的时钟%3了 %2%</translation>
    </message>
    <message>
        <source>Redis expired the lock of %1</source>
        <translation>Redis 让 %1 的锁过期了</translation>
    </message>
    <message>
        <source>AOF replayed</source>
        <translation>已重放 AOF</translation>
    </message>
    <message>
        <source>no persistence: empty</source>
        <translation>无持久化：数据为空</translation>
    </message>
    <message>
        <source>fast</source>
        <translation>快</translation>
    </message>
    <message>
        <source>slow</source>
        <translation>慢</translation>
    </message>
    <message>
        <source>crashed after %1</source>
        <translation>在“%1”之后崩溃</translation>
    </message>
    <message>
        <source>paused for %1 ms after %2</source>
        <translation>在“%2”之后停顿 %1 毫秒</translation>
    </message>
    <message>
        <source>%1: link delayed by %2 ms each way (%3 connection(s) now)</source>
        <translation>%1：链路每个方向延迟 %2 毫秒（当前 %3 个连接）</translation>
    </message>
    <message>
        <source>%1: link delay removed (%2 connection(s) now)</source>
        <translation>%1：已取消链路延迟（当前 %2 个连接）</translation>
    </message>
    <message>
        <source>%1: the next reply will be dropped (%2 connection(s))</source>
        <translation>%1：下一个回复将被丢弃（%2 个连接）</translation>
    </message>
    <message>
        <source>%1: partitioned from %2</source>
        <translation>%1：与 %2 网络分区</translation>
    </message>
    <message>
        <source>%1: partition healed</source>
        <translation>%1：网络分区已恢复</translation>
    </message>
    <message>
        <source>%1: forwarding paused</source>
        <translation>%1：转发已暂停</translation>
    </message>
    <message>
        <source>%1: forwarding resumed</source>
        <translation>%1：转发已恢复</translation>
    </message>
    <message>
        <source>%1: %2 (no such connection yet)</source>
        <translation>%1：%2（尚无此连接）</translation>
    </message>
    <message>
        <source>%1 link delayed by %2 ms each way</source>
        <translation>%1 链路每个方向延迟 %2 毫秒</translation>
    </message>
    <message>
        <source>%1 link delay removed</source>
        <translation>%1 已取消链路延迟</translation>
    </message>
    <message>
        <source>%1 partitioned from %2</source>
        <translation>%1 与 %2 网络分区</translation>
    </message>
    <message>
        <source>%1 partition healed</source>
        <translation>%1 网络分区已恢复</translation>
    </message>
    <message>
        <source>%1 reply to %2 dropped (Redis answered %3); the link is silent from now on</source>
        <translation>%1 对 %2 的回复被丢弃（Redis 已回复 %3）；此后链路不再有数据</translation>
    </message>
    <message>
        <source>%1 restarting (no persistence: empty)</source>
        <translation>%1 正在重启（未持久化：数据为空）</translation>
    </message>
    <message>
        <source>link delay removed</source>
        <translation>已取消链路延迟</translation>
    </message>
    <message>
        <source>partition healed</source>
        <translation>网络分区已恢复</translation>
    </message>
    <message>
        <source>%1 is the master now: Sentinel s%2 announced +switch-master</source>
        <translation>%1 现在是主节点：哨兵 s%2 宣布了`+switch-master`</translation>
    </message>
    <message>
        <source>SENTINEL FAILOVER: Sentinel promotes a replica of its choice, without agreement</source>
        <translation>`SENTINEL FAILOVER`：哨兵不经多数同意，自行挑选并提升一个从节点</translation>
    </message>
    <message>
        <source>%1 stalls for %2 ms (CLIENT PAUSE): commands wait</source>
        <translation>%1 停顿 %2 毫秒（CLIENT PAUSE）：命令排队等待</translation>
    </message>
    <message>
        <source>%1 script cache flushed (SCRIPT FLUSH)</source>
        <translation>%1 脚本缓存已清空（SCRIPT FLUSH）</translation>
    </message>
    <message>
        <source>%1 takes over its master&apos;s slots (CLUSTER FAILOVER FORCE)</source>
        <translation>%1 接管了其主节点的槽（CLUSTER FAILOVER FORCE）</translation>
    </message>
    <message>
        <source>MOVED: %1 serves slot %2 now; the client follows</source>
        <translation>MOVED：%2 号槽现在由 %1 负责；客户端跟随重定向</translation>
    </message>
    <message>
        <source>reply lost: Redis ran it and answered %1; the client timed out after %2 ms</source>
        <translation>回复丢失：Redis 已执行并回复了 %1；客户端在 %2 毫秒后超时</translation>
    </message>
    <message>
        <source>TIMEOUT no reply within %1 ms</source>
        <translation>TIMEOUT %1 毫秒内没有回复</translation>
    </message>
    <message>
        <source>ASK: slot %2 is moving to %1; the client asks there, this once</source>
        <translation>ASK：%2 号槽正在迁往 %1；客户端这一次去那里询问</translation>
    </message>
    <message>
        <source>no reply by request (CLIENT REPLY)</source>
        <translation>应请求不回复（CLIENT REPLY）</translation>
    </message>
    <message>
        <source>indeterminate: the connection closed before the client had the reply</source>
        <translation>结果未知：客户端收到回复之前连接就关闭了</translation>
    </message>
    <message>
        <source>reply dropped by the proxy: Redis answered %1, the client never saw it</source>
        <translation>回复被代理丢弃：Redis 回复了 %1，客户端从未收到</translation>
    </message>
    <message>
        <source>gave the stock back (%1)</source>
        <translation>把库存还了回去（%1）</translation>
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
    <message>
        <source>Redis before</source>
        <translation>之前的 Redis</translation>
    </message>
    <message>
        <source>Redis after</source>
        <translation>之后的 Redis</translation>
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
        <source>watchdog</source>
        <translation>看门狗</translation>
    </message>
</context>
<context>
    <name>EventKind</name>
    <message>
        <source>command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>sleep</source>
        <translation>等待</translation>
    </message>
    <message>
        <source>order</source>
        <translation>订单</translation>
    </message>
    <message>
        <source>crash</source>
        <translation>崩溃</translation>
    </message>
    <message>
        <source>pause</source>
        <translation>停顿</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>过期</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>probe</source>
        <translation>探测</translation>
    </message>
</context>
<context>
    <name>Explore</name>
    <message numerus="yes">
        <source>with up to %n injected fault(s) in %1 placements</source>
        <translation>
            <numerusform>注入最多 %n 个故障，共 %1 种放置方式</numerusform>
        </translation>
    </message>
    <message>
        <source>complete: a single schedule; no two clients ever have a command to send at the same moment, so the scenario&apos;s timing decides every order</source>
        <translation>完整：只有一种调度；从来没有两个客户端同时有命令要发送，所以场景的时序决定了所有顺序</translation>
    </message>
    <message numerus="yes">
        <source>complete: all %n interleaving(s)</source>
        <translation>
            <numerusform>完整：全部 %n 种交错</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>complete: %n distinct execution(s) (DPOR with sleep sets; about %1 interleavings without reduction)</source>
        <translation>
            <numerusform>完整：%n 个不同的执行（带睡眠集的 DPOR；不做约简约有 %1 种交错）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>bounded: %n execution(s) before it was interrupted; the rest of the space (about %1 interleavings) was not explored</source>
        <translation>
            <numerusform>有界：被中断前完成 %n 次执行；空间的其余部分（约 %1 种交错）未被探索</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>bounded: %n execution(s) before the budget ran out; the rest of the space (about %1 interleavings) was not explored</source>
        <translation>
            <numerusform>有界：预算用完前完成 %n 次执行；空间的其余部分（约 %1 种交错）未被探索</numerusform>
        </translation>
    </message>
    <message>
        <source>sampled: %1 PCT runs (depth %2) and %3 random walks of a space of about %4 interleavings; each PCT run finds a bug of depth %2 with probability at least %5</source>
        <translation>抽样：在约 %4 种交错的空间中进行了 %1 次 PCT 运行（深度 %2）和 %3 次随机游走；每次 PCT 运行找到深度为 %2 的缺陷的概率至少为 %5</translation>
    </message>
    <message>
        <source>stopped: %1</source>
        <translation>已停止：%1</translation>
    </message>
    <message>
        <source>stock unknown</source>
        <translation>库存未知</translation>
    </message>
    <message>
        <source>stock %1</source>
        <translation>库存 %1</translation>
    </message>
</context>
<context>
    <name>ExplorePanel</name>
    <message>
        <source>Explore all schedules</source>
        <translation>探索所有调度</translation>
    </message>
    <message>
        <source>Close (Esc); the exploration goes on</source>
        <translation>关闭（Esc）；探索继续进行</translation>
    </message>
    <message>
        <source>Every order in which the clients&apos; commands can reach Redis, each a real run on the virtual clock, judged by its own verdict. Sleeps and waits keep the scenario&apos;s timing.</source>
        <translation>客户端命令到达 Redis 的每一种顺序，每种都是虚拟时钟上的一次真实运行，由它自己的结论评判。睡眠和等待保持场景原有的时序。</translation>
    </message>
    <message>
        <source>Faults</source>
        <translation>故障</translation>
    </message>
    <message>
        <source>Also inject up to this many faults, each after any step: a pause longer than the lease, a crash, a lost reply, a lock node&apos;s restart or clock jump (as the scenario allows)</source>
        <translation>另外注入最多这么多个故障，每个放在任意一步之后：比租约更长的停顿、崩溃、丢失的回复、锁节点重启或时钟跳变（视场景而定）</translation>
    </message>
    <message>
        <source>Budget (s)</source>
        <translation>预算（秒）</translation>
    </message>
    <message>
        <source>At most this long; a space too large for it is sampled (PCT and random walks), and says so</source>
        <translation>最多这么长时间；空间太大时改为抽样（PCT 和随机游走），并会注明</translation>
    </message>
    <message>
        <source>▶ Explore</source>
        <translation>▶ 探索</translation>
    </message>
    <message>
        <source>■ Cancel</source>
        <translation>■ 取消</translation>
    </message>
    <message>
        <source>%1 · %2%</source>
        <translation>%1 · %2%</translation>
    </message>
    <message>
        <source>Each column is one schedule, each row a point where several clients could go next. Click a column to load its run into the timeline.</source>
        <translation>每一列是一种调度，每一行是一个可以有多个客户端接着执行的选择点。点击一列，把它的运行载入时间线。</translation>
    </message>
</context>
<context>
    <name>Export</name>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>the picture would be %1x%2 pixels (%3 megapixels), more than the %4 megapixels a picture may have: give it a smaller width or height</source>
        <translation>图片将为 %1x%2 像素（%3 百万像素），超过了允许的 %4 百万像素：请减小宽度或高度</translation>
    </message>
    <message>
        <source>not enough memory for %1x%2 pixels</source>
        <translation>内存不足，无法绘制 %1x%2 像素</translation>
    </message>
    <message>
        <source>the picture could not be painted</source>
        <translation>无法绘制图片</translation>
    </message>
    <message>
        <source>the SVG generator failed</source>
        <translation>SVG 生成失败</translation>
    </message>
    <message>
        <source>ffmpeg failed: %1</source>
        <translation>ffmpeg 失败：%1</translation>
    </message>
    <message>
        <source>the GIF encoder failed: %1</source>
        <translation>GIF 编码器失败：%1</translation>
    </message>
    <message>
        <source>the frame rate must be 1 to %1 frames a second</source>
        <translation>帧率必须为每秒 1 到 %1 帧</translation>
    </message>
    <message>
        <source>the duration must be 0.5 to %1 seconds</source>
        <translation>时长必须为 0.5 到 %1 秒</translation>
    </message>
    <message>
        <source>the size must be from %1x%2 to %3x%4 pixels</source>
        <translation>尺寸必须在 %1x%2 到 %3x%4 像素之间</translation>
    </message>
    <message>
        <source>an animation is a .gif, .webm, .mp4 or .apng file</source>
        <translation>动画须为 .gif、.webm、.mp4 或 .apng 文件</translation>
    </message>
    <message>
        <source>WebM, MP4 and APNG are encoded by the ffmpeg program, which is not installed (on Debian: apt install ffmpeg)</source>
        <translation>WebM、MP4 和 APNG 由 ffmpeg 程序编码，但它未安装（Debian 上：apt install ffmpeg）</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
</context>
<context>
    <name>FaultMenu</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1，%2 处</translation>
    </message>
    <message>
        <source>Client %1 at %2</source>
        <translation>客户端 %1，%2 处</translation>
    </message>
    <message>
        <source>For / by</source>
        <translation>时长 / 幅度</translation>
    </message>
    <message>
        <source>s</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>Crash here</source>
        <translation>在此崩溃</translation>
    </message>
    <message>
        <source>Pause here for %1 s (a GC pause)</source>
        <translation>在此暂停 %1 秒（GC 停顿）</translation>
    </message>
    <message>
        <source>Slow down: its clock at half pace</source>
        <translation>变慢：它的时钟以一半速度走</translation>
    </message>
    <message>
        <source>Kill (SIGKILL)</source>
        <translation>杀死（SIGKILL）</translation>
    </message>
    <message>
        <source>Stop (SIGSTOP) for %1 s</source>
        <translation>冻结（SIGSTOP）%1 秒</translation>
    </message>
    <message>
        <source>Restart (without persistence the lock is gone)</source>
        <translation>重启（没有持久化，锁就没了）</translation>
    </message>
    <message>
        <source>Fail over: this replica becomes the master</source>
        <translation>故障转移：这个副本成为主节点</translation>
    </message>
    <message>
        <source>Jump its clock %1 s forward</source>
        <translation>把它的时钟向前跳 %1 秒</translation>
    </message>
    <message>
        <source>Drift its clock: 50 % fast from here</source>
        <translation>时钟漂移：从这里起快 50 %</translation>
    </message>
</context>
<context>
    <name>Figure</name>
    <message>
        <source>expected stock</source>
        <translation>应有库存</translation>
    </message>
    <message>
        <source>final stock</source>
        <translation>最终库存</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>orders sold</source>
        <translation>售出订单</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>oversold</source>
        <translation>超卖</translation>
    </message>
    <message>
        <source>exclusion violations</source>
        <translation>互斥被破坏</translation>
    </message>
    <message>
        <source>%1 (%2 ms together)</source>
        <translation>%1 次（共同持有 %2 毫秒）</translation>
    </message>
    <message>
        <source>foreign releases</source>
        <translation>删了别人的锁</translation>
    </message>
    <message>
        <source>foreign renewals</source>
        <translation>续了别人的锁</translation>
    </message>
    <message>
        <source>stuck lock</source>
        <translation>卡死的锁</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>late renewals</source>
        <translation>过期后才续期</translation>
    </message>
    <message>
        <source>lock gone, believed</source>
        <translation>锁已没了却仍以为持有</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>stale writes refused</source>
        <translation>被拒绝的过期写入</translation>
    </message>
    <message>
        <source>stale writes accepted</source>
        <translation>被接受的过期写入</translation>
    </message>
    <message>
        <source>orders without a lock</source>
        <translation>拿不到锁的订单</translation>
    </message>
    <message>
        <source>units lost</source>
        <translation>丢失的件数</translation>
    </message>
    <message>
        <source>stale writes</source>
        <translation>过期写入</translation>
    </message>
    <message>
        <source>none: sold %1 of %2</source>
        <translation>无：%2 件卖出了 %1 件</translation>
    </message>
</context>
<context>
    <name>FilePicker</name>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>上一级</translation>
    </message>
    <message>
        <source>No files of this kind here</source>
        <translation>这里没有这类文件</translation>
    </message>
    <message>
        <source>File name</source>
        <translation>文件名</translation>
    </message>
    <message>
        <source>a name, or a path (/…, ~/…)</source>
        <translation>文件名，或路径（/…、~/…）</translation>
    </message>
    <message>
        <source>a file&apos;s name or path</source>
        <translation>文件名或路径</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>ForkPopup</name>
    <message>
        <source>Fork the future at %1 s</source>
        <translation>在 %1 秒处分叉未来</translation>
    </message>
    <message>
        <source>The run up to this point is replayed exactly (virtual time, the same choices) against a fresh Redis; from there it goes on with what you change, beside the original.</source>
        <translation>到这一点为止的运行会在一个全新的 Redis 上精确重放（虚拟时间、相同的选择）；从这里起按你的改动继续，并与原运行并排显示。</translation>
    </message>
    <message>
        <source>Strategy from here</source>
        <translation>从这里起的策略</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Fork</source>
        <translation>分叉</translation>
    </message>
    <message>
        <source>Fork at %1 s</source>
        <translation>在 %1 秒处分叉</translation>
    </message>
    <message>
        <source>An order under way finishes the way it began; every order that has not begun runs the new strategy. Edits in the scenario panel (lease, work, faults, interleaving) count from the fork point too; after the fork, step clients with 1–9 and → or press Space.</source>
        <translation>进行中的订单按开始时的方式完成；尚未开始的每个订单都使用新策略。场景面板中的修改（租期、工作时间、故障、交错顺序）同样从分叉点起生效；分叉后可用 1–9 和 → 单步执行客户端，或按空格键运行。</translation>
    </message>
</context>
<context>
    <name>Input</name>
    <message>
        <source>a directory</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>a FIFO</source>
        <translation>FIFO 管道</translation>
    </message>
    <message>
        <source>a device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>套接字</translation>
    </message>
    <message>
        <source>not a plain file</source>
        <translation>不是普通文件</translation>
    </message>
    <message>
        <source>it is %1, not a regular file</source>
        <translation>它是%1，不是普通文件</translation>
    </message>
    <message>
        <source>it is larger than %1</source>
        <translation>它大于 %1</translation>
    </message>
</context>
<context>
    <name>Lesson</name>
    <message>
        <source>Guided lessons…</source>
        <translation>引导课程…</translation>
    </message>
    <message>
        <source>Leave the lesson</source>
        <translation>退出本课</translation>
    </message>
    <message>
        <source>The fix</source>
        <translation>修复方案</translation>
    </message>
    <message>
        <source>The broken side</source>
        <translation>有问题的做法</translation>
    </message>
    <message>
        <source>frame %1 of %2</source>
        <translation>第 %1 / %2 帧</translation>
    </message>
    <message>
        <source>Right. Press Next to see it happen.</source>
        <translation>答对了。按“下一步”看它真的发生。</translation>
    </message>
    <message>
        <source>Not quite. Press Next to see what happens.</source>
        <translation>不太对。按“下一步”看看实际会怎样。</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>上一步</translation>
    </message>
    <message>
        <source>Now the fix</source>
        <translation>看修复</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>End of the lesson. Pick another from the lessons (Ctrl+L).</source>
        <translation>本课结束。可以从课程列表（Ctrl+L）再选一课。</translation>
    </message>
    <message>
        <source>Other lessons…</source>
        <translation>其他课程…</translation>
    </message>
</context>
<context>
    <name>LessonBrowser</name>
    <message>
        <source>Guided lessons</source>
        <translation>引导课程</translation>
    </message>
    <message>
        <source>Resume: %1</source>
        <translation>继续上次：%1</translation>
    </message>
    <message>
        <source>Explore freely</source>
        <translation>自由探索</translation>
    </message>
    <message>
        <source>Each lesson plays a scenario&apos;s broken strategy, stops at the moments that matter and asks you to predict; then it plays the fix. Next: →, Space or PageDown; Back: ← or PageUp.</source>
        <translation>每一课先演示一个场景里有问题的做法，在关键时刻停下来，请你先预测结果；然后再演示修复方案。下一步：→、空格键或 PageDown；上一步：← 或 PageUp。</translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n 分钟</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n frame(s)</source>
        <translation>
            <numerusform>%n 帧</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LessonMenu</name>
    <message>
        <source>Le&amp;sson</source>
        <translation>课程(&amp;S)</translation>
    </message>
    <message>
        <source>Class &amp;poll</source>
        <translation>课堂投票(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Close voting</source>
        <translation>截止投票(&amp;C)</translation>
    </message>
    <message>
        <source>Vote &amp;again</source>
        <translation>再投一轮(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Reveal the answer</source>
        <translation>揭晓答案(&amp;R)</translation>
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
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>1–9: focus a client (→ steps it)</source>
        <translation>1–9：选中客户端（→ 单步执行它）</translation>
    </message>
    <message>
        <source>+ / −, or the wheel: zoom</source>
        <translation>+ / − 或滚轮：缩放</translation>
    </message>
    <message>
        <source>Drag: scroll in time</source>
        <translation>拖动：沿时间平移</translation>
    </message>
    <message>
        <source>Wheel over the lane names: scroll the lanes</source>
        <translation>在泳道名称上滚动滚轮：上下滚动泳道</translation>
    </message>
    <message>
        <source>Click an event: its details and the replay&apos;s cursor</source>
        <translation>点击事件：查看详情，并把回放游标移到该处</translation>
    </message>
    <message>
        <source>Esc: leave presentation mode</source>
        <translation>Esc：退出演示模式</translation>
    </message>
    <message>
        <source>Guided &amp;lessons…</source>
        <translation>引导课程(&amp;L)…</translation>
    </message>
    <message>
        <source>Redis</source>
        <translation>Redis</translation>
    </message>
    <message>
        <source>&amp;Watch external clients…</source>
        <translation>观察外部客户端(&amp;W)…</translation>
    </message>
    <message>
        <source>&amp;Open scenario…</source>
        <translation>打开场景(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Save scenario &amp;as…</source>
        <translation>场景另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Open a scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <source>Save the scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>撤销 %1(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>重做 %1(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Scenario parameters…</source>
        <translation>场景参数(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Hide the run before the edit</source>
        <translation>隐藏修改前的运行(&amp;H)</translation>
    </message>
    <message>
        <source>Fault added: the next run replays it (Edit &gt; Undo takes it back)</source>
        <translation>已添加故障：下次运行会重演它（编辑 &gt; 撤销可收回）</translation>
    </message>
    <message>
        <source>Redis node %1</source>
        <translation>Redis 节点 %1</translation>
    </message>
    <message>
        <source>Export &amp;animation…</source>
        <translation>导出动画(&amp;A)…</translation>
    </message>
    <message>
        <source>Export the run as an animation</source>
        <translation>将运行导出为动画</translation>
    </message>
    <message>
        <source>GIF animation (*.gif)</source>
        <translation>GIF 动画 (*.gif)</translation>
    </message>
    <message>
        <source>WebM video (*.webm)</source>
        <translation>WebM 视频 (*.webm)</translation>
    </message>
    <message>
        <source>MP4 video (*.mp4)</source>
        <translation>MP4 视频 (*.mp4)</translation>
    </message>
    <message>
        <source>Exporting the animation…</source>
        <translation>正在导出动画…</translation>
    </message>
    <message>
        <source>Exporting the animation… %1%</source>
        <translation>正在导出动画… %1%</translation>
    </message>
    <message>
        <source>&amp;Fork the future here…</source>
        <translation>在此分叉未来(&amp;F)…</translation>
    </message>
    <message>
        <source>F: fork the run at the replay cursor, or where it stands</source>
        <translation>F：在重放光标处（或运行当前所在处）分叉运行</translation>
    </message>
    <message>
        <source>Undo the last step</source>
        <translation>撤销上一步</translation>
    </message>
    <message>
        <source>Backspace: undo the last step (the run is replayed to just before it)</source>
        <translation>Backspace：撤销上一步（运行会被重放到这一步之前）</translation>
    </message>
    <message>
        <source>Animated PNG (*.apng)</source>
        <translation>APNG 动画 (*.apng)</translation>
    </message>
    <message>
        <source>&amp;Challenge: play the scheduler</source>
        <translation>挑战：由你来调度(&amp;C)</translation>
    </message>
    <message>
        <source>Scenarios (*.json)</source>
        <translation>场景 (*.json)</translation>
    </message>
    <message>
        <source>Scenarios (*.lockstock.json)</source>
        <translation>场景 (*.lockstock.json)</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Export p&amp;oll results…</source>
        <translation>导出投票结果(&amp;O)…</translation>
    </message>
    <message>
        <source>E&amp;xplore all schedules…</source>
        <translation>探索所有调度(&amp;X)…</translation>
    </message>
</context>
<context>
    <name>Observed</name>
    <message>
        <source>resource %1 has several lock or stock keys; judged: %2</source>
        <translation>资源 %1 有多个锁键或库存键；判定的是：%2</translation>
    </message>
    <message>
        <source>%1 set %2 to %3 before any order: the initial stock</source>
        <translation>%1 在任何订单之前把 %2 设为 %3：这是初始库存</translation>
    </message>
    <message>
        <source>%1 is taken by a Lua script on several nodes: &quot;deleted someone&apos;s lock&quot; findings below are not reliable (the analysis reads a node&apos;s grant from an OK reply only)</source>
        <translation>%1 由 Lua 脚本在多个节点上加锁：下面“删了别人的锁”的结论不可靠（分析只根据 OK 回复判断某节点是否授予了锁）</translation>
    </message>
    <message>
        <source>orders took different quantities; every sale counts as %1 unit(s)</source>
        <translation>各订单的数量不同；每次销售按 %1 件计</translation>
    </message>
    <message>
        <source>lock key inferred: %1 (%2)</source>
        <translation>推断出的锁键：%1（%2）</translation>
    </message>
    <message>
        <source>stock key inferred: %1 (%2)</source>
        <translation>推断出的库存键：%1（%2）</translation>
    </message>
    <message>
        <source>decremented with %1</source>
        <translation>用 %1 减少</translation>
    </message>
    <message>
        <source>read, then written back lower</source>
        <translation>先读取，再写回更小的值</translation>
    </message>
    <message>
        <source>decremented by a script</source>
        <translation>由脚本减少</translation>
    </message>
    <message>
        <source>set with a TTL by a script</source>
        <translation>由脚本设置，带 TTL</translation>
    </message>
</context>
<context>
    <name>Output</name>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>it is a FIFO and nothing reads it</source>
        <translation>它是 FIFO 管道，但没有进程读取</translation>
    </message>
    <message>
        <source>it is a directory</source>
        <translation>它是一个目录</translation>
    </message>
    <message>
        <source>nothing read it for %1 s</source>
        <translation>%1 秒内没有进程读取</translation>
    </message>
    <message>
        <source>nothing was written</source>
        <translation>没有写入任何内容</translation>
    </message>
</context>
<context>
    <name>PaneHeader</name>
    <message>
        <source>%1 · forked at %2 s</source>
        <translation>%1 · 于 %2 秒分叉</translation>
    </message>
</context>
<context>
    <name>PollChart</name>
    <message>
        <source>%1 %</source>
        <translation>%1%</translation>
    </message>
</context>
<context>
    <name>PollControl</name>
    <message>
        <source>Export the poll&apos;s results</source>
        <translation>导出投票结果</translation>
    </message>
    <message>
        <source>CSV, a row per choice and round (*.csv)</source>
        <translation>CSV，每个选项每轮一行 (*.csv)</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
</context>
<context>
    <name>PollPage</name>
    <message>
        <source>Class poll</source>
        <translation>课堂投票</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <source>Connection lost. Reconnecting…</source>
        <translation>连接已断开，正在重新连接…</translation>
    </message>
    <message>
        <source>The poll cannot be reached. If it has ended, ask your teacher for the new code.</source>
        <translation>连不上投票。如果投票已结束，请向老师要新的二维码。</translation>
    </message>
    <message>
        <source>Waiting for the teacher to start a lesson.</source>
        <translation>等待老师开始上课。</translation>
    </message>
    <message>
        <source>Watch the projector. The next question will appear here.</source>
        <translation>请看投影。下一道题会出现在这里。</translation>
    </message>
    <message>
        <source>Frame %1 of %2</source>
        <translation>第 %1 / %2 帧</translation>
    </message>
    <message>
        <source>The broken side</source>
        <translation>有问题的做法</translation>
    </message>
    <message>
        <source>The fix</source>
        <translation>修复方案</translation>
    </message>
    <message>
        <source>Tap your answer. You can change it until voting closes.</source>
        <translation>点选你的答案。投票截止前可以改。</translation>
    </message>
    <message>
        <source>Your vote is in. You can change it until voting closes.</source>
        <translation>已投票。投票截止前可以改。</translation>
    </message>
    <message>
        <source>Your vote is sent as soon as the connection is back.</source>
        <translation>连接恢复后会立即发送你的投票。</translation>
    </message>
    <message>
        <source>Voting is closed.</source>
        <translation>投票已截止。</translation>
    </message>
    <message>
        <source>Round %1: talk it over with your neighbour, then vote again.</source>
        <translation>第 %1 轮：和旁边的同学讨论一下，再投一次。</translation>
    </message>
    <message>
        <source>The right answer: %1</source>
        <translation>正确答案：%1</translation>
    </message>
    <message>
        <source>You got it right.</source>
        <translation>你答对了。</translation>
    </message>
    <message>
        <source>You chose %1.</source>
        <translation>你选的是 %1。</translation>
    </message>
    <message>
        <source>1 vote</source>
        <translation>1 票</translation>
    </message>
    <message>
        <source>%1 votes</source>
        <translation>%1 票</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
</context>
<context>
    <name>PollPanel</name>
    <message>
        <source>Class poll</source>
        <translation>课堂投票</translation>
    </message>
    <message>
        <source>Round %1 · %2 voted · revealed</source>
        <translation>第 %1 轮 · %2 人已投 · 已揭晓</translation>
    </message>
    <message>
        <source>Round %1 · %2 voted · open</source>
        <translation>第 %1 轮 · %2 人已投 · 投票中</translation>
    </message>
    <message>
        <source>Round %1 · %2 voted · closed</source>
        <translation>第 %1 轮 · %2 人已投 · 已截止</translation>
    </message>
    <message numerus="yes">
        <source>%n joined</source>
        <translation>
            <numerusform>%n 人已加入</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n message(s) or connection(s) ignored: not a vote, too many, or without the code.</source>
        <translation>
            <numerusform>已忽略 %n 条消息或连接：不是投票、发得太多，或没有正确的地址。</numerusform>
        </translation>
    </message>
    <message>
        <source>Widen the poll</source>
        <translation>放宽投票面板</translation>
    </message>
    <message>
        <source>Narrow the poll: more of the timeline shows</source>
        <translation>收窄投票面板：露出更多时间线</translation>
    </message>
    <message>
        <source>Stop the poll: every phone is disconnected; the results stay for the export</source>
        <translation>停止投票：断开所有手机；结果保留，可以导出</translation>
    </message>
    <message>
        <source>Scan the code or type the address. The lesson&apos;s questions appear on the phones at their frames.</source>
        <translation>扫描二维码或输入地址加入。课程讲到提问的那一步，题目就会出现在手机上。</translation>
    </message>
    <message>
        <source>Open a guided lesson (Ctrl+L): its questions appear on the phones at their frames.</source>
        <translation>打开一节引导课程（Ctrl+L）：讲到提问的那一步，题目就会出现在手机上。</translation>
    </message>
    <message>
        <source>Network:</source>
        <translation>网络：</translation>
    </message>
    <message>
        <source>Close voting</source>
        <translation>截止投票</translation>
    </message>
    <message>
        <source>Vote again</source>
        <translation>再投一轮</translation>
    </message>
    <message>
        <source>Reveal</source>
        <translation>揭晓</translation>
    </message>
</context>
<context>
    <name>QShortcut</name>
    <message>
        <source>Space</source>
        <translation>空格</translation>
    </message>
    <message>
        <source>Right</source>
        <translation>右方向键</translation>
    </message>
    <message>
        <source>Left</source>
        <translation>左方向键</translation>
    </message>
    <message>
        <source>PgUp</source>
        <translation>PgUp</translation>
    </message>
    <message>
        <source>PgDown</source>
        <translation>PgDown</translation>
    </message>
    <message>
        <source>Shift</source>
        <translation>Shift</translation>
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
        <translation>Redis 收到的命令（MONITOR）</translation>
    </message>
</context>
<context>
    <name>ReplayBar</name>
    <message>
        <source>Replay speed: ×1 plays the whole run in 10 s</source>
        <translation>回放速度：×1 用 10 秒播放整个运行</translation>
    </message>
</context>
<context>
    <name>Report</name>
    <message>
        <source>Stopped before the end: no verdict. The timeline shows what ran until then.</source>
        <translation>未运行到结束就停止了：没有结论。时间线只显示停止前已运行的部分。</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Hover over a command to see its reply and what the client believed before and after it.</source>
        <translation>将鼠标悬停在命令上，可查看它的回复，以及客户端在它之前和之后的认知。</translation>
    </message>
    <message>
        <source>Hover over an event on the timeline or a row of the table.</source>
        <translation>将鼠标悬停在时间线上的事件或表格的一行上查看详情。</translation>
    </message>
    <message>
        <source>Trace</source>
        <translation>逐条记录</translation>
    </message>
    <message>
        <source>t (s)</source>
        <translation>时间 (秒)</translation>
    </message>
    <message>
        <source>who</source>
        <translation>谁</translation>
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
        <source>holds?</source>
        <translation>持有锁？</translation>
    </message>
    <message>
        <source>lock in Redis / stock</source>
        <translation>Redis 中的锁 / 库存</translation>
    </message>
    <message>
        <source>finding</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
</context>
<context>
    <name>Scenario</name>
    <message>
        <source>A crash between SETNX and EXPIRE</source>
        <translation>SETNX 与 EXPIRE 之间崩溃</translation>
    </message>
    <message>
        <source>A takes the lock with SETNX and dies before EXPIRE: the lock never expires and B waits in vain. SET NX PX sets both at once, so the lock of a dead client lapses.</source>
        <translation>A 用 SETNX 拿到锁，还没执行 EXPIRE 就崩溃了：这把锁永不过期，B 只能白白等待。SET NX PX 一条命令同时设置值和过期时间，崩溃客户端的锁会自动失效。</translation>
    </message>
    <message>
        <source>The master dies before the lock reaches a replica</source>
        <translation>锁还没复制到从节点，主节点就宕机了</translation>
    </message>
    <message>
        <source>WAIT 1 was acknowledged, the lock is lost anyway</source>
        <translation>WAIT 1 已确认，锁照样丢失</translation>
    </message>
    <message>
        <source>Flash sale: 20 buyers, 5 items</source>
        <translation>秒杀：20 个买家，5 件商品</translation>
    </message>
    <message>
        <source>Twenty clients read the stock before any of them writes: without atomicity all twenty sell. A Lua check-and-decrement sells exactly five.</source>
        <translation>二十个客户端在任何一个写回之前都读到了库存：没有原子性，二十个都卖出了。用 Lua 脚本“检查并扣减”，恰好卖出五件。</translation>
    </message>
    <message>
        <source>A freezes past its lease, wakes and writes</source>
        <translation>A 停顿超过租约，醒来后仍然写入</translation>
    </message>
    <message>
        <source>A reads the stock and then freezes for 8 s (a long GC pause); its 5 s lease runs out and its watchdog is frozen too. B takes the lock and sells. A wakes still believing it holds the lock and writes its stale stock over B&apos;s sale. No lock alone can stop this: with a fencing token from INCR, the stock store has already seen B&apos;s newer token and refuses A&apos;s write.</source>
        <translation>A 读取库存后停顿了 8 秒（一次长时间的 GC 暂停）；它 5 秒的租约到期，看门狗也一起被冻结。B 拿到锁并卖出。A 醒来后仍以为自己持有锁，把过期的库存写回，覆盖了 B 的销售。单靠锁无法阻止这种情况：有了 INCR 生成的防护令牌，库存存储已经见过 B 更新的令牌，会拒绝 A 的写入。</translation>
    </message>
    <message>
        <source>A&apos;s lease expires, B takes the lock, A deletes it</source>
        <translation>A 的租约到期，B 拿到锁，A 却把它删了</translation>
    </message>
    <message>
        <source>A works longer than its 10 s lease. B takes the lapsed lock, then A&apos;s plain DEL removes B&apos;s lock and lets C in beside B; B, outliving its own lease, deletes C&apos;s lock in turn. A watchdog keeps each lease alive while its owner works, and its Lua release only ever deletes its own token.</source>
        <translation>A 的工作时间超过了 10 秒的租约。B 拿到已失效的锁，随后 A 的普通 DEL 删掉了 B 的锁，让 C 和 B 同时进入；B 也超出了自己的租约，又删掉了 C 的锁。看门狗在持有者工作期间不断续期，它的 Lua 释放只会删除自己的令牌。</translation>
    </message>
    <message>
        <source>A 10 s lease around 30 s of work</source>
        <translation>10 秒的租约，30 秒的工作</translation>
    </message>
    <message>
        <source>The lease expires while A still works; B takes the lock and both hold it at once, so one sale is lost. A watchdog renews the lease every lease/3 while A works.</source>
        <translation>A 还在工作时租约就到期了；B 拿到锁，两者同时持有，于是丢失了一笔销售。看门狗在 A 工作期间每隔 租约/3 续期一次。</translation>
    </message>
    <message>
        <source>Two servers, one stock counter</source>
        <translation>两台服务器，一个库存计数器</translation>
    </message>
    <message>
        <source>Server A and server B both read stock 100 and both write 99: two orders sold, one deducted.</source>
        <translation>服务器 A 和服务器 B 都读到库存 100，又都写回 99：卖出两单，只扣减了一件。</translation>
    </message>
    <message>
        <source>Redlock: one node&apos;s clock runs 20 % fast</source>
        <translation>Redlock：一个节点的时钟快了 20%</translation>
    </message>
    <message>
        <source>n4 and n5 are down, so A&apos;s lock is on n1, n2 and n3: a bare majority. n3&apos;s clock runs 20 % fast: it expires A&apos;s 10 s lock after only 8.3 s, while A is still at its 9 s of work and believes it holds the lock; n4 and n5 are back. B wins n3, n4 and n5, another majority: two holders. Redlock allows for drift, but only 1 % of the lease; a fencing token, which the store checks, does not depend on clocks at all.</source>
        <translation>n4 和 n5 宕机，A 的锁只在 n1、n2、n3 上：刚好过半。n3 的时钟快了 20%：A 10 秒的锁只过了 8.3 秒就被它过期，而 A 还在做 9 秒的工作、以为自己持有锁；此时 n4 和 n5 恢复。B 拿下 n3、n4、n5，又是一个多数派：两个持有者。Redlock 只容忍租约 1% 的时钟漂移；由库存存储检查的防护令牌则完全不依赖时钟。</translation>
    </message>
    <message>
        <source>Redlock: one node&apos;s clock jumps forward past the lease</source>
        <translation>Redlock：一个节点的时钟向前跳过了租约</translation>
    </message>
    <message>
        <source>n4 and n5 are down, so A&apos;s lock is on n1, n2 and n3: a bare majority. Then n3&apos;s wall clock jumps 15 s ahead (a real shift of that redis-server&apos;s clock) and n3 expires A&apos;s 10 s lock at once; n4 and n5 come back. B wins n3, n4 and n5, another majority: two holders, the Redlock page&apos;s clock-jump case. Redlock assumes clocks that only drift; a fencing token, which the store checks, does not care about clocks.</source>
        <translation>n4 和 n5 宕机，A 的锁只在 n1、n2、n3 上：刚好过半。接着 n3 的系统时钟向前跳了 15 秒（真实地调快了那个 redis-server 的时钟），n3 立即让 A 10 秒的锁过期；n4 和 n5 恢复。B 拿下 n3、n4、n5，又是一个多数派：两个持有者，正是 Redlock 文档中时钟跳变的情形。Redlock 假设时钟只会漂移；由库存存储检查的防护令牌不关心时钟。</translation>
    </message>
    <message>
        <source>Redlock: the crashed node stays down longer than a lease</source>
        <translation>Redlock：崩溃的节点停机时间超过一个租约</translation>
    </message>
    <message>
        <source>As before, A holds n1, n2 and n3 and n1 crashes, but n1 stays down for 20 s, longer than the 10 s lease (the Redlock page&apos;s delayed restart). B reaches only n4 and n5 until A releases, then wins n2 to n5: one holder at a time. A lock on n1 alone is simply gone while n1 is down: B&apos;s order fails.</source>
        <translation>和前面一样，A 持有 n1、n2、n3 上的锁，随后 n1 崩溃，但 n1 停机 20 秒，比 10 秒的租约更长（Redlock 文档中的延迟重启）。在 A 释放之前 B 只能拿到 n4 和 n5，之后拿下 n2 到 n5：同一时刻只有一个持有者。只在 n1 上加的锁在 n1 停机期间直接消失：B 的订单失败。</translation>
    </message>
    <message>
        <source>Two of five lock nodes are down</source>
        <translation>五个锁节点中两个宕机</translation>
    </message>
    <message>
        <source>n1 and n2 are dead. A lock on a single Redis (n1) cannot be taken at all: no order sells. Redlock asks all five masters and needs only a majority of three, so it keeps selling, one client at a time.</source>
        <translation>n1 和 n2 宕机。单个 Redis（n1）上的锁根本拿不到：一单也卖不出去。Redlock 向全部五个主节点请求，只需三个组成多数派，所以仍能继续销售，每次一个客户端。</translation>
    </message>
    <message>
        <source>Redlock: a node restarts without persistence right after a lock</source>
        <translation>Redlock：节点在加锁后立即无持久化重启</translation>
    </message>
    <message>
        <source>n4 and n5 are down, so A&apos;s lock is on n1, n2 and n3: a bare majority. n1 restarts at once with no persistence and forgets it; n4 and n5 come back. B now wins n1, n4 and n5, another majority: two holders. The Redlock page&apos;s answer is a delayed restart; Kleppmann&apos;s is a fencing token, which the store checks whatever the lock did.</source>
        <translation>n4 和 n5 宕机，A 的锁只在 n1、n2、n3 上：刚好过半。n1 没有持久化，立即重启后忘了这把锁；n4 和 n5 恢复。B 拿下 n1、n4、n5，又是一个多数派：两个持有者。Redlock 文档给出的对策是延迟重启；Kleppmann 的对策是防护令牌，无论锁发生了什么，库存存储都会检查它。</translation>
    </message>
    <message>
        <source>Redis restarts without persistence and forgets the lock</source>
        <translation>Redis 无持久化重启，忘记了锁</translation>
    </message>
    <message>
        <source>A holds the lock on a single Redis that has no persistence. The server restarts while A works: it comes back empty, so B gets the same lock and both sell from the same stock. A fencing token kept next to the stock survives the restart of the lock server: the store refuses A&apos;s older token.</source>
        <translation>A 在一个没有持久化的单机 Redis 上持有锁。A 工作时服务器重启：回来时是空的，于是 B 拿到了同一把锁，两者从同一份库存中销售。与库存放在一起的防护令牌不受锁服务器重启影响：库存存储会拒绝 A 较旧的令牌。</translation>
    </message>
    <message>
        <source>A watchdog for 45 s of work under a 30 s lease</source>
        <translation>30 秒租约下 45 秒工作的看门狗</translation>
    </message>
    <message>
        <source>Both watchdogs keep a long job&apos;s lease alive. The naive one renews with a plain PEXPIRE on a timer it never cancels: after A releases, it fires once more and extends B&apos;s lock. Redisson&apos;s renews only its own token and stops on release.</source>
        <translation>两种看门狗都能让长任务的租约保持有效。简单的那个用定时器执行普通的 PEXPIRE，而且从不取消定时器：A 释放后它又触发了一次，延长了 B 的锁。Redisson 的看门狗只续期自己的令牌，并在释放时停止。</translation>
    </message>
    <message>
        <source>lock_stock(): anyone&apos;s DEL removes anyone&apos;s lock</source>
        <translation>lock_stock()：任何人的 DEL 都能删掉任何人的锁</translation>
    </message>
    <message>
        <source>The lock&apos;s value is the constant &quot;1&quot;: it identifies nobody. A works 12 s under a 10 s timeout and B only tries every 15 s, too slowly to renew A&apos;s lock, so it lapses; B takes it, and A&apos;s DEL then removes B&apos;s lock: C gets in beside B. A random value and a compare-and-delete release (with a watchdog for the long work) keep every lock its owner&apos;s.</source>
        <translation>锁的值是常量 &quot;1&quot;：它标识不了任何人。A 在 10 秒的超时下工作 12 秒，而 B 每 15 秒才尝试一次，间隔太长，来不及为 A 的锁续期，于是锁失效了；B 拿到锁，随后 A 的 DEL 删掉了 B 的锁：C 和 B 同时进入。使用随机值和“比较并删除”的释放方式（长时间工作再配上看门狗），每把锁就始终属于它的持有者。</translation>
    </message>
    <message>
        <source>lock_stock(): a crash before EXPIRE, and a waiter that starves anyway</source>
        <translation>lock_stock()：EXPIRE 之前崩溃，等待者照样拿不到锁</translation>
    </message>
    <message>
        <source>A SETNXes the constant &quot;1&quot; and dies before its EXPIRE. The lock has no TTL for only 0.3 s: B&apos;s first attempt EXPIREs it. But B retries every second, faster than the 10 s timeout, and every one of its EXPIREs renews the dead lock: it never lapses and B gives up after 20 s. SET NX PX lets a dead client&apos;s lock expire.</source>
        <translation>A 用 SETNX 设置常量 &quot;1&quot;，还没执行 EXPIRE 就崩溃了。这把锁只有 0.3 秒没有 TTL：B 的第一次尝试就对它执行了 EXPIRE。但 B 每秒重试一次，比 10 秒的超时频繁得多，它的每一次 EXPIRE 都在为这把无人持有的锁续期：锁永不失效，B 在 20 秒后放弃。SET NX PX 能让崩溃客户端的锁自动过期。</translation>
    </message>
    <message>
        <source>lock_stock(): the waiter keeps a dead holder&apos;s lock alive</source>
        <translation>lock_stock()：等待者让崩溃持有者的锁一直不过期</translation>
    </message>
    <message>
        <source>A holds the lock with its TTL set and dies while working. B retries every second and EXPIREs the key each time: A&apos;s lock, which nobody will ever release, never expires, and B waits out its whole acquire timeout. With SET NX PX and no EXPIRE from waiters, A&apos;s lock lapses 10 s after it was taken and B sells.</source>
        <translation>A 持有已设置 TTL 的锁，却在工作中崩溃。B 每秒重试一次，每次都对这个键执行 EXPIRE：A 的锁再也不会有人释放，却永不过期，B 一直等到整个获取超时结束。使用 SET NX PX 且等待者不执行 EXPIRE，A 的锁在加锁 10 秒后失效，B 就能卖出。</translation>
    </message>
    <message>
        <source>lock_stock(): every waiter&apos;s EXPIRE renews the holder&apos;s lock</source>
        <translation>lock_stock()：每个等待者的 EXPIRE 都在为持有者的锁续期</translation>
    </message>
    <message>
        <source>The source material&apos;s lock_stock() SETNXes a constant &quot;1&quot; and then EXPIREs the key whether or not it won. A works 15 s under a 10 s timeout, yet B, retrying every second, never gets in beside it: each of B&apos;s EXPIREs resets A&apos;s TTL, so the waiter is A&apos;s watchdog. No overlap, no lost update, only foreign EXPIREs. A real watchdog renews only its own lock.</source>
        <translation>原始资料中的 lock_stock() 用 SETNX 设置常量 &quot;1&quot;，然后不管是否抢到锁，都对这个键执行 EXPIRE。A 在 10 秒的超时下工作 15 秒，但每秒重试一次的 B 始终没能和它同时进入：B 的每次 EXPIRE 都重置了 A 的 TTL，等待者成了 A 的看门狗。没有重叠，没有丢失更新，只有别的客户端执行的 EXPIRE。真正的看门狗只续期自己的锁。</translation>
    </message>
    <message>
        <source>Reservation by INCRBY: a refused order keeps its units</source>
        <translation>用 INCRBY 预留：被拒订单的数量仍被占用</translation>
    </message>
    <message>
        <source>Each order INCRBYs a counter of reserved units and is refused when the counter passes the stock of 10. A takes 8; B asks for 5 and is refused, but its INCRBY stays: the counter reads 13, and C&apos;s order of 2 is refused while 2 units are unsold. Giving the reservation back (DECRBY) when refusing lets C buy the last 2.</source>
        <translation>每个订单用 INCRBY 增加已预留数量的计数器，计数器超过库存 10 时订单被拒绝。A 拿走 8 件；B 要 5 件被拒，但它的 INCRBY 仍然生效：计数器显示 13，C 要 2 件的订单也被拒绝，而此时还有 2 件没卖出。拒绝时归还预留（DECRBY），C 就能买下最后 2 件。</translation>
    </message>
    <message>
        <source>maxmemory with allkeys-lru evicts the lock</source>
        <translation>内存上限（maxmemory）配合 allkeys-lru 淘汰了锁</translation>
    </message>
    <message>
        <source>The lock&apos;s Redis is also a cache: maxmemory 4 MiB, policy allkeys-lru. 3 s into A&apos;s work, another application writes a cache value that takes the server past maxmemory, and LRU eviction picks the lock key, the least recently used. B gets the lock at once: two holders, a lost update. Keep locks on a server with noeviction, or fence the store: the fencing token refuses A&apos;s stale write.</source>
        <translation>存放锁的 Redis 同时也用作缓存：maxmemory 4 MiB，淘汰策略 allkeys-lru。A 工作到第 3 秒时，另一个应用写入一个缓存值，使服务器超出 maxmemory，LRU 淘汰选中了最近最少使用的键，也就是锁。B 立即拿到锁：两个持有者，丢失一次更新。要么把锁放在淘汰策略为 noeviction 的服务器上，要么在库存存储上加防护：防护令牌会拒绝 A 过时的写入。</translation>
    </message>
    <message>
        <source>A lost reply, and a retry that deducts twice</source>
        <translation>回复丢失，重试扣减了两次</translation>
    </message>
    <message>
        <source>A&apos;s DECRBY runs on Redis, but its reply never arrives: A&apos;s client times out after 2 s and sends it again. Redis runs it twice: the stock is one unit short of what was sold. Recording the order&apos;s id with the deduction, in one script, makes the retry harmless: it finds the id and deducts nothing.</source>
        <translation>A 的 DECRBY 已在 Redis 上执行，但回复始终没有到达：A 的客户端 2 秒后超时并重发。Redis 执行了两次：库存比按实际销量应剩的少了一件。在同一个脚本中把订单号和扣减一起记录，重试就无害了：它发现订单号已存在，不再扣减。</translation>
    </message>
    <message>
        <source>NOSCRIPT: the release script is gone from the server</source>
        <translation>NOSCRIPT：服务器上的释放脚本不见了</translation>
    </message>
    <message>
        <source>A loads its Lua release with SCRIPT LOAD at start-up and calls it by SHA1. B loads it too, at its start. While A works, the server&apos;s script cache is emptied (SCRIPT FLUSH here; a restart or a failover to a replica does the same). A&apos;s EVALSHA answers NOSCRIPT, A&apos;s order fails after its write, and A&apos;s lock stays for its 30 s TTL: B gives up after 10 s. A client that loads the script again on NOSCRIPT releases at once and B sells.</source>
        <translation>A 启动时用 SCRIPT LOAD 加载 Lua 释放脚本，之后按 SHA1 调用。B 启动时也加载了一次。A 工作期间，服务器的脚本缓存被清空（这里用的是 SCRIPT FLUSH；重启或故障转移到副本也会如此）。A 的 EVALSHA 返回 NOSCRIPT，A 的订单在写入之后失败，A 的锁一直留到 30 秒的 TTL 到期：B 在 10 秒后放弃。遇到 NOSCRIPT 时重新加载脚本的客户端能立即释放锁，B 就能卖出。</translation>
    </message>
    <message>
        <source>Redlock: a partition delays A&apos;s replies from two nodes</source>
        <translation>Redlock：网络分区延迟了两个节点给 A 的回复</translation>
    </message>
    <message>
        <source>A reaches n1, n2 and n3 at once, but a partition holds the replies of n4 and n5 back 4 s each. Redlock counts its majority 8 s after it began and, as it should, finds only 1.9 s of validity left; A starts its 3 s of work without checking it. The locks A set on n1 to n3 at the start expire at 10 s, B wins them, and both write. Validity is a promise about time, not a guard on the store: a fencing token refuses A&apos;s late write.</source>
        <translation>A 立即在 n1、n2 和 n3 上加锁成功，但网络分区让 n4 和 n5 的回复各延迟了 4 秒。Redlock 在开始 8 秒后才统计多数派，并且按规定发现有效期只剩 1.9 秒；A 3 秒的工作却不理会这一点。A 一开始在 n1 到 n3 上设置的锁在第 10 秒过期，B 拿下它们，两者都写入了。有效期只是关于时间的承诺，并不能守护库存存储：防护令牌会拒绝 A 迟到的写入。</translation>
    </message>
    <message>
        <source>A client&apos;s clock runs 20 % slow</source>
        <translation>一个客户端的时钟慢了 20%</translation>
    </message>
    <message>
        <source>A&apos;s clock runs at 0.8 of real time. It does 9 s of work under a 10 s lease, by its own clock: that is 11.25 s of real time, and Redis expires the lease after 10. B takes the lock while A still writes: two holders, a lost update. A watchdog renewing every third of the lease keeps it alive even on a slow clock (3.3 s by A&apos;s clock is 4.2 s, far under 10).</source>
        <translation>A 的时钟只以真实时间 0.8 倍的速度走。按它自己的时钟，它在 10 秒的租约下做 9 秒的工作：这相当于真实时间 11.25 秒，而 Redis 在 10 秒后就让租约过期。A 还在写入时 B 拿到了锁：两个持有者，丢失一次更新。每隔 1/3 租约续期一次的看门狗即使在慢时钟上也能保住租约（A 时钟上的 3.3 秒是真实的 4.2 秒，远低于 10 秒）。</translation>
    </message>
    <message>
        <source>RedisLock: one try, and most orders are refused</source>
        <translation>RedisLock：只试一次，大多数订单被拒绝</translation>
    </message>
    <message>
        <source>The source material&apos;s RedisLock context manager raises when acquire() fails: no retry. Three buyers place 15 orders each; whenever the lock is busy the order is refused, even though there is plenty of stock. Retrying until an acquire timeout sells all 45, at the cost of waiting.</source>
        <translation>原始资料中的 RedisLock 上下文管理器在 acquire() 失败时直接抛出异常：不重试。三个买家各下 15 个订单；只要锁被占用，订单就被拒绝，尽管库存充足。一直重试到获取超时为止，就能卖出全部 45 单，代价是需要等待。</translation>
    </message>
    <message>
        <source>acquire_lock_with_timeout(): the TTL repair extends a live holder&apos;s lock</source>
        <translation>acquire_lock_with_timeout()：TTL 修复延长了仍在工作的持有者的锁</translation>
    </message>
    <message>
        <source>The waiters&apos; repair is `elif not conn.ttl(lockname)`. With old redis-py a key without expiry had TTL None, and `not None` is True, so it repaired a lock left without TTL. But TTL answers whole seconds, 0 once less than half a second is left, and `not 0` is True too: in the last half second of A&apos;s 10 s lease, while A still works, B&apos;s repair EXPIREs A&apos;s lock for another 10 s. (Modern redis-py does the same: only -1 changed.) SET NX PX needs no repair.</source>
        <translation>等待者的修复逻辑是 `elif not conn.ttl(lockname)`。在旧版 redis-py 中，没有过期时间的键 TTL 为 None，而 `not None` 为 True，所以它能修复没有 TTL 的锁。但 TTL 以整秒返回，剩余不到半秒时返回 0，而 `not 0` 同样为 True：在 A 10 秒租约的最后半秒，A 还在工作，B 的修复就用 EXPIRE 把 A 的锁又延长了 10 秒。（新版 redis-py 也是如此：只有 -1 的情况变了。）SET NX PX 不需要修复。</translation>
    </message>
    <message>
        <source>acquire_lock_with_timeout(): the TTL repair that never fires</source>
        <translation>acquire_lock_with_timeout()：永远不会触发的 TTL 修复</translation>
    </message>
    <message>
        <source>A SETNXes and dies before its EXPIRE. The waiters&apos; repair is `elif not conn.ttl(lockname)`: meant for a lock without TTL, but TTL answers -1 for one, and `not -1` is False in Python. The repair never fires, the lock never expires and B waits out its 20 s. With SET NX PX the dead client&apos;s lock lapses and B sells.</source>
        <translation>A 执行 SETNX 后，还没执行 EXPIRE 就崩溃了。等待者的修复逻辑是 `elif not conn.ttl(lockname)`：本意是处理没有 TTL 的锁，但对这种锁 TTL 返回 -1，而在 Python 中 `not -1` 为 False。修复永远不会触发，锁永不过期，B 一直等满 20 秒。使用 SET NX PX，崩溃客户端的锁会自动失效，B 就能卖出。</translation>
    </message>
    <message>
        <source>release_lock() compares bytes with str: the lock is never released</source>
        <translation>release_lock() 拿字节串与字符串比较：锁永远不会被释放</translation>
    </message>
    <message>
        <source>The source material releases under WATCH: GET the lock, and if it equals the identifier, DEL it in MULTI/EXEC. With redis-py&apos;s default Redis() the GET answers bytes, b&apos;…&apos; == &apos;…&apos; is never true in Python 3, and the DEL never runs. Its first acquire_lock() sets no TTL: A&apos;s lock stays for good, and B and C each wait out their 10 s acquire timeout (&quot;Failed to acquire lock&quot;). With decode_responses=True the values compare and every order sells.</source>
        <translation>原始资料在 WATCH 下释放锁：GET 锁的值，如果等于标识符，就在 MULTI/EXEC 中 DEL 它。使用 redis-py 默认的 Redis() 时，GET 返回的是 bytes，在 Python 3 中 b&apos;…&apos; == &apos;…&apos; 永远不成立，DEL 也就永远不会执行。它最早的 acquire_lock() 不设置 TTL：A 的锁永久保留，B 和 C 各自等满 10 秒的获取超时（&quot;Failed to acquire lock&quot;）。设置 decode_responses=True 后值能正确比较，每个订单都能卖出。</translation>
    </message>
    <message>
        <source>A renewal thread nobody stops</source>
        <translation>没人停止的续期线程</translation>
    </message>
    <message>
        <source>The article&apos;s watchdog is a thread started with the lock and never stopped. After A releases, A&apos;s thread goes on PEXPIREing the key: B&apos;s lock now. B dies while holding it, and A&apos;s thread keeps renewing a lock nobody holds: C waits out its whole 40 s. Redisson&apos;s watchdog renews only its own lock, stops on release and dies with its client: B&apos;s lock lapses 15 s after it was last renewed and C sells.</source>
        <translation>文章中的看门狗是一个随加锁启动、从不停止的线程。A 释放后，A 的线程继续对这个键执行 PEXPIRE：而它现在是 B 的锁。B 持锁时崩溃，A 的线程仍在为一把无人持有的锁续期：C 等满了整整 40 秒。Redisson 的看门狗只续期自己的锁，释放时停止，并随客户端一起终止：B 的锁在最后一次续期 15 秒后失效，C 就能卖出。</translation>
    </message>
    <message>
        <source>The watchdog gets no CPU while the work goes on</source>
        <translation>工作还在继续，看门狗却得不到 CPU</translation>
    </message>
    <message>
        <source>A holds a 10 s lease and works 20 s with Redisson&apos;s watchdog. Right after A reads the stock, its renewal thread is starved of CPU for 25 s (a GC, a busy pool) while the work thread goes on: nobody renews, Redis expires the lease, B takes the lock and both write. Only the store can stop the stale write: with a fencing token it refuses A&apos;s.</source>
        <translation>A 持有 10 秒的租约，在 Redisson 看门狗的保护下工作 20 秒。A 刚读完库存，它的续期线程就有 25 秒得不到 CPU（GC、线程池繁忙），而工作线程照常运行：没人续期，Redis 让租约过期，B 拿到锁，两者都写入了。只有库存存储能挡住过时的写入：有了防护令牌，它会拒绝 A 的写入。</translation>
    </message>
    <message>
        <source>The work hangs while the watchdog renews forever</source>
        <translation>工作卡住了，看门狗却一直续期</translation>
    </message>
    <message>
        <source>A&apos;s work thread hangs for 60 s (a deadlock, a call without timeout) while its watchdog thread is healthy and renews the 10 s lease every 3.3 s: the lock never lapses and B gives up after 30 s. A lease with no watchdog lapses after 10 s and B sells; a fencing token makes sure A&apos;s write, when it wakes, is refused.</source>
        <translation>A 的工作线程卡住了 60 秒（死锁、没有超时的调用），而它的看门狗线程运行正常，每 3.3 秒把 10 秒的租约续满一次：锁永不失效，B 在 30 秒后放弃。没有看门狗的租约 10 秒后失效，B 就能卖出；防护令牌则确保 A 醒来后的写入会被拒绝。</translation>
    </message>
    <message>
        <source>Replication is asynchronous. A locks on the master; the replicas lag, the master dies, and three real Sentinels agree it is down and promote a replica that never got A&apos;s lock: B asks Sentinel for the master and takes the lock too. WAIT 1 after SET tells A that no replica has the lock yet: A gives it back and retries on the new master, and only one client holds it. Sentinel&apos;s timers read the wall clock, so this scenario runs on the real clock.</source>
        <translation>复制是异步的。A 在主节点上加锁；从节点还没跟上，主节点就挂了，三个真实的哨兵一致认定它已下线，提升了一个从没拿到 A 的锁的从节点：B 向哨兵询问主节点，也拿到了锁。SET 之后 WAIT 1 会告诉 A 还没有从节点拿到锁：A 把锁还回去，到新主节点上重试，同一时刻只有一个客户端持有锁。哨兵的定时器读的是墙上时钟，所以这个场景在真实时钟上运行。</translation>
    </message>
    <message>
        <source>A&apos;s lock was acknowledged by replica n3 (WAIT 1 = 1). Then the master and n3 die together; three real Sentinels agree the master is down and promote a replica that never got the lock: B locks too. WAIT does not make Redis strongly consistent. Fencing does not need the lock to be exclusive: the store refuses A&apos;s older token. Sentinel&apos;s timers read the wall clock, so this scenario runs on the real clock.</source>
        <translation>A 的锁已被从节点 n3 确认（WAIT 1 = 1）。随后主节点和 n3 一起挂了；三个真实的哨兵一致认定主节点已下线，提升了一个从没拿到锁的从节点：B 也加锁成功。WAIT 并不能让 Redis 变成强一致。防护令牌不要求锁一定互斥：存储会拒绝 A 的旧令牌。哨兵的定时器读的是墙上时钟，所以这个场景在真实时钟上运行。</translation>
    </message>
    <message>
        <source>A lost reply, a retried lock() and a hold count of 2</source>
        <translation>回复丢失，重试 `lock()`，持有计数变成 2</translation>
    </message>
    <message>
        <source>A&apos;s lock() runs on Redis (hold count 1) but its reply never arrives: after 2 s the client sends it again, and the reentrant lock counts a second hold. A&apos;s one unlock() takes the count to 1: the lock stays A&apos;s for another 30 s lease, and B gives up waiting with stock to spare. Reading the hold count back after the timeout, instead of locking again, leaves one hold for one unlock().</source>
        <translation>A 的 `lock()` 在 Redis 上执行了（持有计数 1），但回复一直没到：2 秒后客户端又发了一次，可重入锁记下了第二次持有。A 唯一的一次 `unlock()` 只把计数减到 1：锁在又一个 30 秒租约里仍归 A，B 等到放弃，库存明明还有。超时后读回持有计数而不是再加一次锁，一次持有就对应一次 `unlock()`。</translation>
    </message>
    <message>
        <source>Redis stalls for 3 s just as the watchdog renews</source>
        <translation>看门狗续期时，Redis 正好停顿了 3 秒</translation>
    </message>
    <message>
        <source>A holds a 10 s lease and works 15 s; its watchdog renews when 1 s of the lease is left. At 8.5 s Redis stalls for 3 s (CLIENT PAUSE here; a fork, a slow script or a failover does the same): A&apos;s renewal, sent in time at 9 s, waits in Redis and runs at 11.5 s, when the lease is over. It finds no lock, and nobody tells the work: B, whose retry waited too, locks first, and both write. Redisson&apos;s watchdog renews every lease/3 and keeps 6.7 s in hand: the same stall delays its renewal, which still runs before the lease ends, and A keeps the lock.</source>
        <translation>A 持有 10 秒的租约，要干 15 秒；它的看门狗在租约只剩 1 秒时续期。第 8.5 秒 Redis 停顿 3 秒（这里用 CLIENT PAUSE；fork、慢脚本或主从切换也会这样）：A 的续期在第 9 秒及时发出，却在 Redis 里排队，到 11.5 秒才执行，那时租约已经结束。它找不到锁，也没人通知业务：同样在排队的 B 的重试先执行，拿到了锁，两人都写了库存。Redisson 的看门狗每隔租约的 1/3 续一次，手里留着 6.7 秒：同样的停顿推迟了它的续期，但续期仍在租约结束前执行，A 保住了锁。</translation>
    </message>
    <message>
        <source>A master cut off from its replicas: refuse the lock up front</source>
        <translation>主节点与从节点断开：一开始就拒绝加锁</translation>
    </message>
    <message>
        <source>The replicas&apos; links to the master are cut; the master runs on alone for 2 s, then dies. Without min-replicas-to-write it grants A&apos;s lock, which no replica gets: three real Sentinels promote a replica and B locks too. With min-replicas-to-write 1 the master answers NOREPLICAS: no lock is granted where it cannot be kept, and A locks on the new master once a replica follows it (then WAIT 1 confirms the copy). It narrows the window, nothing more: replication stays asynchronous, and failover-wait-not-enough loses a lock even WAIT confirmed. Sentinel&apos;s timers read the wall clock, so this scenario runs on the real clock.</source>
        <translation>从节点到主节点的复制链路被切断；主节点独自运行 2 秒后宕机。没有 min-replicas-to-write 时，它照样给 A 加锁，而没有哪个从节点会收到这把锁：三个真实的哨兵提升了一个从节点，B 也拿到了锁。配置 min-replicas-to-write 1 后，主节点回复 NOREPLICAS：锁不会发在保不住它的地方；等有从节点跟随新主节点后，A 才在新主节点上加锁（然后 WAIT 1 确认副本）。它只是缩小了窗口：复制仍是异步的，failover-wait-not-enough 里连 WAIT 确认过的锁也丢了。哨兵的定时器读的是墙上时钟，所以这个场景在真实时钟上运行。</translation>
    </message>
    <message>
        <source>A cluster fails the lock&apos;s slot over before the lock reaches the replica</source>
        <translation>锁还没复制到从节点，集群就把锁所在的槽故障转移了</translation>
    </message>
    <message>
        <source>Redis Cluster replicates each slot asynchronously too. A locks on n1, the master of the lock key&apos;s slot; n1&apos;s replica n4 lags, n1 stalls, and CLUSTER FAILOVER FORCE makes n4 the slot&apos;s master with the other masters&apos; votes. When n1 comes back it learns it serves nothing and answers B with MOVED: B follows it to n4, which never got A&apos;s lock, and takes the lock too. WAIT 1 after SET tells A that no replica has its lock: A gives it back and retries on the new master, and only one client holds it. The cluster&apos;s gossip and failover read the wall clock, so this scenario runs on the real clock.</source>
        <translation>Redis Cluster 对每个槽的复制也是异步的。A 在 n1 上加锁，n1 是锁键所在槽的主节点；n1 的从节点 n4 还没跟上，n1 卡住了，CLUSTER FAILOVER FORCE 在其他主节点的投票下让 n4 成为该槽的主节点。n1 恢复后得知自己已不负责任何槽，用 MOVED 回复 B：B 跟随重定向到 n4，而 n4 从没拿到 A 的锁，于是 B 也拿到了锁。SET 之后 WAIT 1 会告诉 A 没有从节点拿到它的锁：A 把锁还回去，到新主节点上重试，同一时刻只有一个客户端持有锁。集群的 gossip 和故障转移读取的是真实时钟，所以这个场景运行在真实时钟上。</translation>
    </message>
</context>
<context>
    <name>ScenarioPanel</name>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Undo %1 (Ctrl+Z)</source>
        <translation>撤销 %1（Ctrl+Z）</translation>
    </message>
    <message>
        <source>Redo %1 (Ctrl+Shift+Z)</source>
        <translation>重做 %1（Ctrl+Shift+Z）</translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation>关闭（Esc）</translation>
    </message>
    <message>
        <source>Does not load, so it cannot run: %1</source>
        <translation>无法加载，因此不能运行：%1</translation>
    </message>
    <message>
        <source>Changed: the next run (or Reset) runs it; the run shown stays beside it.</source>
        <translation>已修改：下次运行（或重置）时生效；当前显示的运行会留在旁边对照。</translation>
    </message>
    <message>
        <source>Changes run on the next run. Right-click a lane of the timeline to add a fault there.</source>
        <translation>修改在下次运行时生效。在时间线的泳道上右键点击，可在该处添加故障。</translation>
    </message>
    <message>
        <source>Lock and work</source>
        <translation>锁与业务</translation>
    </message>
    <message>
        <source>Lease (lock TTL)</source>
        <translation>租约（锁的 TTL）</translation>
    </message>
    <message>
        <source>s</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>Work while holding the lock</source>
        <translation>持锁期间的业务耗时</translation>
    </message>
    <message>
        <source>Retry back-off</source>
        <translation>重试退避</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <source>Give up acquiring after</source>
        <translation>获取锁超时放弃</translation>
    </message>
    <message>
        <source>Stock and orders</source>
        <translation>库存与订单</translation>
    </message>
    <message>
        <source>Stock</source>
        <translation>库存</translation>
    </message>
    <message>
        <source>units</source>
        <translation>件</translation>
    </message>
    <message>
        <source>Orders per client</source>
        <translation>每个客户端的订单数</translation>
    </message>
    <message>
        <source>Units per order</source>
        <translation>每单件数</translation>
    </message>
    <message>
        <source>Clients</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>Clients (1–50)</source>
        <translation>客户端数（1–50）</translation>
    </message>
    <message>
        <source>Name and start offset of each client</source>
        <translation>每个客户端的名称与启动偏移</translation>
    </message>
    <message>
        <source>Name of client %1</source>
        <translation>客户端 %1 的名称</translation>
    </message>
    <message>
        <source>starts at</source>
        <translation>启动于</translation>
    </message>
    <message>
        <source>Start of client %1 in ms</source>
        <translation>客户端 %1 的启动时刻（毫秒）</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <source>Who steps next</source>
        <translation>下一步由谁执行</translation>
    </message>
    <message>
        <source>Timed: whoever is ready</source>
        <translation>按时间：谁先就绪谁先走</translation>
    </message>
    <message>
        <source>Scripted: the interleaving</source>
        <translation>脚本：按交错顺序</translation>
    </message>
    <message>
        <source>Random, from the seed</source>
        <translation>随机（由种子决定）</translation>
    </message>
    <message>
        <source>Interleaving (client names, in turn)</source>
        <translation>交错顺序（依次写客户端名）</translation>
    </message>
    <message>
        <source>Random seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Round trip to Redis</source>
        <translation>到 Redis 的往返时间</translation>
    </message>
    <message>
        <source>Stop a run after</source>
        <translation>运行最长时间</translation>
    </message>
    <message>
        <source>Faults</source>
        <translation>故障</translation>
    </message>
    <message>
        <source>None. Right-click a client&apos;s or Redis&apos;s lane on the timeline at a time to add one.</source>
        <translation>暂无。在时间线上某个时刻右键点击客户端或 Redis 的泳道即可添加。</translation>
    </message>
    <message>
        <source>Remove this fault</source>
        <translation>移除此故障</translation>
    </message>
    <message>
        <source>Does not load, so it cannot run: mend the value marked in red.</source>
        <translation>无法加载，因此不能运行：请改正标红的值。</translation>
    </message>
</context>
<context>
    <name>SideColumn</name>
    <message>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>Redis</source>
        <translation>Redis</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
</context>
<context>
    <name>SideSwitch</name>
    <message>
        <source>✓ Correct</source>
        <translation>✓ 正确</translation>
    </message>
    <message>
        <source>× Broken</source>
        <translation>× 有缺陷</translation>
    </message>
</context>
<context>
    <name>Step</name>
    <message>
        <source>start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>read</source>
        <translation>读库存</translation>
    </message>
    <message>
        <source>write</source>
        <translation>写库存</translation>
    </message>
    <message>
        <source>decrement</source>
        <translation>扣减</translation>
    </message>
    <message>
        <source>compensate</source>
        <translation>补偿</translation>
    </message>
    <message>
        <source>acquire</source>
        <translation>加锁</translation>
    </message>
    <message>
        <source>expire</source>
        <translation>设置过期</translation>
    </message>
    <message>
        <source>release</source>
        <translation>释放锁</translation>
    </message>
    <message>
        <source>renew</source>
        <translation>续期</translation>
    </message>
    <message>
        <source>backoff</source>
        <translation>退避</translation>
    </message>
    <message>
        <source>timer</source>
        <translation>定时器</translation>
    </message>
    <message>
        <source>work</source>
        <translation>业务处理</translation>
    </message>
    <message>
        <source>watch</source>
        <translation>WATCH 监视</translation>
    </message>
    <message>
        <source>multi</source>
        <translation>MULTI 事务</translation>
    </message>
    <message>
        <source>exec</source>
        <translation>EXEC 提交</translation>
    </message>
    <message>
        <source>unwatch</source>
        <translation>UNWATCH 取消监视</translation>
    </message>
    <message>
        <source>fence</source>
        <translation>取防护令牌</translation>
    </message>
    <message>
        <source>replicate</source>
        <translation>等待复制</translation>
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
    <message>
        <source>SETNX key &quot;1&quot;, EXPIRE on every attempt, DEL</source>
        <translation>SETNX 键 &quot;1&quot;，每次尝试都 EXPIRE，DEL 释放</translation>
    </message>
    <message>
        <source>Every waiter&apos;s EXPIRE renews the holder&apos;s lock, dead or alive; anyone&apos;s DEL frees it.</source>
        <translation>每个等待者的 EXPIRE 都会续期持有者的锁，无论其死活；任何人的 DEL 都能释放它。</translation>
    </message>
    <message>
        <source>A renewal thread nobody stops</source>
        <translation>没人停止的续期线程</translation>
    </message>
    <message>
        <source>After the release the thread renews the next holder&apos;s lock, and after that one dies, a lock nobody holds.</source>
        <translation>释放之后，该线程续期下一个持有者的锁；那个持有者死后，又续期一把无人持有的锁。</translation>
    </message>
    <message>
        <source>EVALSHA release, NOSCRIPT not handled</source>
        <translation>EVALSHA 释放，不处理 NOSCRIPT</translation>
    </message>
    <message>
        <source>After a restart, failover or SCRIPT FLUSH the release fails with NOSCRIPT: the lock stays until its TTL.</source>
        <translation>重启、故障转移或 SCRIPT FLUSH 之后，释放因 NOSCRIPT 失败：锁一直留到 TTL 到期。</translation>
    </message>
    <message>
        <source>EVALSHA release, SCRIPT LOAD again on NOSCRIPT</source>
        <translation>EVALSHA 释放，遇到 NOSCRIPT 时重新 SCRIPT LOAD</translation>
    </message>
    <message>
        <source>On NOSCRIPT the client loads its script again and retries, as redis-py&apos;s Script and Redisson do.</source>
        <translation>遇到 NOSCRIPT 时客户端重新加载脚本并重试，redis-py 的 Script 和 Redisson 都是这样做的。</translation>
    </message>
    <message>
        <source>INCRBY a reservation counter, never give it back</source>
        <translation>INCRBY 预留计数器，从不归还</translation>
    </message>
    <message>
        <source>No oversell, but a refused order&apos;s units stay reserved: later orders are refused while stock is left.</source>
        <translation>不会超卖，但被拒订单的数量仍被预留：还有库存时后来的订单也被拒绝。</translation>
    </message>
    <message>
        <source>INCRBY a reservation counter, DECRBY it back on failure</source>
        <translation>INCRBY 预留计数器，失败时 DECRBY 归还</translation>
    </message>
    <message>
        <source>A refused order gives its reservation back: every unit that is left can be sold.</source>
        <translation>被拒的订单归还预留：剩下的每一件都能卖出。</translation>
    </message>
    <message>
        <source>DECRBY, sent again when its reply is lost</source>
        <translation>DECRBY，回复丢失时重发</translation>
    </message>
    <message>
        <source>A reply lost after Redis ran the command: the retry deducts the order twice.</source>
        <translation>Redis 执行命令后回复丢失：重试使订单被扣减两次。</translation>
    </message>
    <message>
        <source>Deduct once per order id, retried safely</source>
        <translation>每个订单号只扣减一次，可安全重试</translation>
    </message>
    <message>
        <source>The order&apos;s id is recorded with the deduction in one script: a retry finds it and deducts nothing.</source>
        <translation>订单号与扣减在同一个脚本中记录：重试发现它，不再扣减。</translation>
    </message>
    <message>
        <source>SET NX PX once, refuse when busy</source>
        <translation>SET NX PX 只试一次，锁忙即拒绝</translation>
    </message>
    <message>
        <source>Safe, but under contention most orders are refused: a lock needs a wait policy too.</source>
        <translation>安全，但在竞争下大多数订单被拒绝：锁还需要等待策略。</translation>
    </message>
    <message>
        <source>SETNX, EXPIRE; repair when `not ttl` (TTL -1: never)</source>
        <translation>SETNX、EXPIRE；`not ttl` 时修复（TTL 为 -1：从不修复）</translation>
    </message>
    <message>
        <source>TTL answers -1 for no expiry and `not -1` is False: the repair never fixes a lock left without TTL.</source>
        <translation>没有过期时间时 TTL 返回 -1，而 `not -1` 为 False：修复永远不会修好没有 TTL 的锁。</translation>
    </message>
    <message>
        <source>SETNX, EXPIRE; repair when `not ttl` (TTL None, old redis-py)</source>
        <translation>SETNX、EXPIRE；`not ttl` 时修复（TTL 为 None，旧版 redis-py）</translation>
    </message>
    <message>
        <source>The repair fires for a lock without TTL, and also when TTL reads 0: it extends a live holder&apos;s lock.</source>
        <translation>修复会为没有 TTL 的锁触发，TTL 读到 0 时也会触发：它延长了仍在工作的持有者的锁。</translation>
    </message>
    <message>
        <source>WATCH/MULTI/DEL release, comparing bytes with str</source>
        <translation>WATCH/MULTI/DEL 释放，拿 bytes 与 str 比较</translation>
    </message>
    <message>
        <source>b&apos;…&apos; == &apos;…&apos; is never true: the lock is never released and, with no TTL, blocks every later order.</source>
        <translation>b&apos;…&apos; == &apos;…&apos; 永远不成立：锁从不释放，又没有 TTL，挡住之后的每个订单。</translation>
    </message>
    <message>
        <source>WATCH/MULTI/DEL release with decoded replies</source>
        <translation>WATCH/MULTI/DEL 释放，回复已解码</translation>
    </message>
    <message>
        <source>GET, compare and DEL under WATCH: only the owner deletes its lock.</source>
        <translation>在 WATCH 下 GET、比较、DEL：只有持有者删除自己的锁。</translation>
    </message>
    <message>
        <source>Reentrant lock (hash of hold counts), lock() sent again when its reply is lost</source>
        <translation>可重入锁（持有计数的哈希），回复丢失时重发 `lock()`</translation>
    </message>
    <message>
        <source>The lost lock() ran: the retry makes the hold count 2, one unlock() leaves the lock held until its lease runs out.</source>
        <translation>丢了回复的 `lock()` 其实执行了：重试让持有计数变成 2，一次 `unlock()` 之后锁一直被占着，直到租约到期。</translation>
    </message>
    <message>
        <source>a lock() whose reply is lost and is sent again</source>
        <translation>回复丢失后被重发的 `lock()`</translation>
    </message>
    <message>
        <source>Reentrant lock, its hold count read back after a lost reply</source>
        <translation>可重入锁，回复丢失后读回持有计数</translation>
    </message>
    <message>
        <source>After a timeout the client reads its hold count instead of locking again: one lock(), one unlock().</source>
        <translation>超时后客户端读回自己的持有计数，而不是再加一次锁：一次 `lock()`，一次 `unlock()`。</translation>
    </message>
    <message>
        <source>Watchdog renewing 1 s before the lease ends</source>
        <translation>租约结束前 1 秒才续期的看门狗</translation>
    </message>
    <message>
        <source>A renewal sent with a thin margin runs too late when Redis stalls, and nobody is told.</source>
        <translation>余量太小的续期在 Redis 停顿时执行得太晚，而且没人知道。</translation>
    </message>
    <message>
        <source>Redis stalling longer than the renewal&apos;s margin</source>
        <translation>Redis 停顿的时间超过续期留出的余量</translation>
    </message>
    <message>
        <source>SET NX PX and WAIT 1 on masters with min-replicas-to-write 1</source>
        <translation>在配置了 min-replicas-to-write 1 的主节点上 SET NX PX 并 WAIT 1</translation>
    </message>
    <message>
        <source>A master cut off from its replicas refuses the lock (NOREPLICAS) instead of granting one a failover forgets.</source>
        <translation>与从节点断开的主节点拒绝加锁（NOREPLICAS），而不是发出一把主从切换后就被忘掉的锁。</translation>
    </message>
</context>
<context>
    <name>Stress</name>
    <message>
        <source>needs a replica to acknowledge WAIT, and this Redis has none</source>
        <translation>需要副本确认 WAIT，而这个 Redis 没有副本</translation>
    </message>
    <message>
        <source>never releases its lock: every order after the first would wait out its acquire timeout</source>
        <translation>从不释放锁：第一个之后的每个订单都会等到获取超时</translation>
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
    <message>
        <source>problems: what the verdict found wrong (units oversold, units lost, stale writes, two holders, a lock deleted or extended by another client...)</source>
        <translation>问题：判定发现的错误（超卖件数、丢失件数、过期写入、两个持锁者、被其他客户端删除或续期的锁……）</translation>
    </message>
    <message>
        <source>sold %1 of %2 · stock %3: oversold by %4</source>
        <translation>%2 件卖出 %1 · 库存 %3：超卖 %4 件</translation>
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
        <source>%1 keeps dead %2&apos;s lock alive</source>
        <translation>%1 让已崩溃的 %2 的锁继续存活</translation>
    </message>
    <message>
        <source>%1 let go, the lock stays</source>
        <translation>%1 放开了锁，锁却还在</translation>
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
        <source>- - expected: start minus units sold or being sold</source>
        <translation>- - 预期：初始减去已售及正在售出的件数</translation>
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
    <message>
        <source>%1 of %2: %3</source>
        <translation>%1/%2 节点：%3</translation>
    </message>
    <message>
        <source>down</source>
        <translation>宕机</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>cut off</source>
        <translation>已隔离</translation>
    </message>
    <message>
        <source>master</source>
        <translation>主节点</translation>
    </message>
    <message>
        <source>clock %1%2 s</source>
        <translation>时钟 %1%2 秒</translation>
    </message>
    <message>
        <source>clock %1 % fast</source>
        <translation>时钟快 %1 %</translation>
    </message>
    <message>
        <source>clock %1 % slow</source>
        <translation>时钟慢 %1 %</translation>
    </message>
    <message>
        <source>stalled</source>
        <translation>停顿中</translation>
    </message>
    <message>
        <source>lock without TTL</source>
        <translation>没有 TTL 的锁</translation>
    </message>
    <message>
        <source>went wrong: two holders, units lost</source>
        <translation>出错：两个持锁者、丢失件数</translation>
    </message>
    <message>
        <source>fault, expiry</source>
        <translation>故障、过期</translation>
    </message>
</context>
<context>
    <name>Verdict</name>
    <message>
        <source>The final stock could not be read.</source>
        <translation>无法读取最终库存。</translation>
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
    <message>
        <source>After %1 died, %2 kept its lock alive for %3 s: nobody else could take it.</source>
        <translation>%1 死后，%2 让它的锁又存活了 %3 秒：其他人都拿不到。</translation>
    </message>
    <message>
        <source>%1 let go of the lock, yet Redis still holds it.</source>
        <translation>%1 放开了锁，Redis 却仍然保留着它。</translation>
    </message>
    <message>
        <source>%1 let go of the lock, yet Redis kept it for %2 s.</source>
        <translation>%1 放开了锁，Redis 却又保留了它 %2 秒。</translation>
    </message>
    <message numerus="yes">
        <source>%n of %1 order(s) refused: the lock was busy and the client did not retry.</source>
        <translation>
            <numerusform>%1 个订单中有 %n 个被拒绝：锁正忙，客户端没有重试。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n order(s) gave up waiting for the lock.</source>
        <translation>
            <numerusform>%n 个订单等锁超时而放弃。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n order(s) failed on an error from Redis, the first: %1</source>
        <translation>
            <numerusform>%n 个订单因 Redis 的错误而失败，第一个：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>a dead client&apos;s lock kept alive</source>
        <translation>已死客户端的锁被续命</translation>
    </message>
    <message>
        <source>a released lock left in Redis</source>
        <translation>已释放的锁留在 Redis 中</translation>
    </message>
    <message numerus="yes">
        <source>%n unit(s) taken without a sale</source>
        <translation>
            <numerusform>%n 件被扣减却没有成交</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n order(s) refused</source>
        <translation>
            <numerusform>%n 个订单被拒绝</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n order(s) timed out</source>
        <translation>
            <numerusform>%n 个订单超时</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n order(s) undersold</source>
        <translation>
            <numerusform>%n 个订单本可成交</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n order(s) failed on errors</source>
        <translation>
            <numerusform>%n 个订单因错误失败</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n order(s) refused with stock left unsold: %1.</source>
        <translation>
            <numerusform>%n 个订单被拒绝，而库存仍有 %1 件未售出。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Writes over other clients&apos; sales lost %n unit(s).</source>
        <translation>
            <numerusform>写入覆盖了其他客户端的成交，丢失了 %n 件扣减。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 units sold from %2, yet the stock is %3: %n unit(s) lost.</source>
        <translation>
            <numerusform>从 %2 件中卖出了 %1 件，库存却是 %3：丢失了 %n 件扣减。</numerusform>
        </translation>
    </message>
    <message>
        <source>Sold %1 of %2 units: oversold by %3.</source>
        <translation>%2 件库存卖出了 %1 件：超卖 %3 件。</translation>
    </message>
    <message numerus="yes">
        <source>%1 units sold from %2, yet the stock is %3: %n unit(s) taken without a sale.</source>
        <translation>
            <numerusform>从 %2 件中卖出了 %1 件，库存却是 %3：%n 件被扣减却没有成交。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unit(s) taken from the stock without a sale.</source>
        <translation>
            <numerusform>%n 件从库存中被扣减，却没有成交。</numerusform>
        </translation>
    </message>
    <message>
        <source>Correct: stock %1 as expected (%2 of %3 orders sold), with no lock taken.</source>
        <translation>正确：库存为预期的 %1（%3 个订单成交 %2 个），全程没有加锁。</translation>
    </message>
    <message numerus="yes">
        <source>%n stale write(s)</source>
        <translation>
            <numerusform>%n 次过期写入</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unit(s) lost</source>
        <translation>
            <numerusform>丢失 %n 件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unit(s) oversold</source>
        <translation>
            <numerusform>超卖 %n 件</numerusform>
        </translation>
    </message>
    <message>
        <source>stale write: read before %1&apos;s write</source>
        <translation>过期写入：读取在 %1 写入之前</translation>
    </message>
    <message>
        <source>stale write: %1, read before %2&apos;s write</source>
        <translation>过期写入：%1，读取在 %2 写入之前</translation>
    </message>
    <message numerus="yes">
        <source>%1 wrote %2, not %3: %n unit(s) lost</source>
        <translation>
            <numerusform>%1 写入了 %2 而不是 %3：丢失 %n 件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 writes lost %n unit(s)</source>
        <translation>
            <numerusform>%1 次写入丢失 %n 件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stale write(s): each wrote the stock from a read that another client&apos;s later write had made stale.</source>
        <translation>
            <numerusform>%n 次过期写入：写入库存所依据的值，在读取之后已被另一个客户端改写。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1、%2</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation>%1 和 %2</translation>
    </message>
    <message>
        <source>%1 ran no order: at the fork (%2 s) the orders of %3 were under way and finished with %4; %5 had no order left.</source>
        <translation>%1 没有执行任何订单：分叉时（%2 秒）%3 的订单已在进行中，并按 %4 完成；%5 已没有剩余订单。</translation>
    </message>
    <message>
        <source>%1 ran no order: at the fork (%2 s) the orders of %3 were under way and finished with %4.</source>
        <translation>%1 没有执行任何订单：分叉时（%2 秒）%3 的订单已在进行中，并按 %4 完成。</translation>
    </message>
    <message>
        <source>%1 ran no order: at the fork (%2 s) every client had placed all its orders.</source>
        <translation>%1 没有执行任何订单：分叉时（%2 秒）每个客户端都已下完全部订单。</translation>
    </message>
    <message>
        <source>%1 ran no order after the fork (%2 s).</source>
        <translation>分叉（%2 秒）之后，%1 没有执行任何订单。</translation>
    </message>
    <message>
        <source>the fork&apos;s strategy ran no order</source>
        <translation>分叉后的策略没有执行任何订单</translation>
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
    <name>WatchPanel</name>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Watch external clients</source>
        <translation>观察外部客户端</translation>
    </message>
    <message>
        <source>Close (Esc); the recording goes on</source>
        <translation>关闭（Esc）；录制继续进行</translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation>关闭（Esc）</translation>
    </message>
    <message>
        <source>LockStock starts its own redis-server and a recording proxy in front of it. Point your program at the proxy as if it were Redis: every command and reply goes on the timeline and under the checker. Real clock: your programs live in it.</source>
        <translation>LockStock 启动自己的 redis-server，并在它前面放一个录制代理。把你的程序当作连接 Redis 一样连到代理上：每条命令和回复都会出现在时间线上，并交给检查器判定。使用真实时钟：你的程序就运行在其中。</translation>
    </message>
    <message>
        <source>One redis-server</source>
        <translation>一个 redis-server</translation>
    </message>
    <message>
        <source>Five independent masters (Redlock)</source>
        <translation>五个独立主节点（Redlock）</translation>
    </message>
    <message>
        <source>A master and two replicas</source>
        <translation>一主两从</translation>
    </message>
    <message>
        <source>● Start watching</source>
        <translation>● 开始观察</translation>
    </message>
    <message>
        <source>redis-server %1 behind the proxy</source>
        <translation>代理后面的 redis-server %1</translation>
    </message>
    <message>
        <source>Kill</source>
        <translation>杀死</translation>
    </message>
    <message>
        <source>SIGKILL its redis-server</source>
        <translation>用 SIGKILL 终止它的 redis-server</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>重启</translation>
    </message>
    <message>
        <source>Start it again, empty (no persistence)</source>
        <translation>重新启动，数据为空（无持久化）</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>SIGSTOP: it answers nobody</source>
        <translation>SIGSTOP：它不再回应任何人</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>SIGCONT</source>
        <translation>SIGCONT</translation>
    </message>
    <message>
        <source>In Python (redis-py):</source>
        <translation>Python（redis-py）：</translation>
    </message>
    <message>
        <source>In Node (redlock with ioredis), over the lock nodes:</source>
        <translation>Node（redlock 配合 ioredis），连接所有锁节点：</translation>
    </message>
    <message numerus="yes">
        <source>Recording · %n connection(s)</source>
        <translation>
            <numerusform>录制中 · %n 个连接</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n command(s)</source>
        <translation>
            <numerusform>%n 条命令</numerusform>
        </translation>
    </message>
    <message>
        <source>■ Stop and judge</source>
        <translation>■ 停止并判定</translation>
    </message>
    <message>
        <source>Hold</source>
        <translation>扣住</translation>
    </message>
    <message>
        <source>The proxy holds all traffic to and from this node until released</source>
        <translation>代理扣住与该节点之间的所有流量，直到放开</translation>
    </message>
    <message>
        <source>A client by its CLIENT SETNAME name or connection, or all of them</source>
        <translation>按 CLIENT SETNAME 名称或连接选择客户端，或选择全部</translation>
    </message>
    <message>
        <source>Delay (ms)</source>
        <translation>延迟（毫秒）</translation>
    </message>
    <message>
        <source>Slow the client&apos;s link by this much each way; 0 ends it</source>
        <translation>让该客户端的链路每个方向都延迟这么多；0 表示结束</translation>
    </message>
    <message>
        <source>Drop next reply</source>
        <translation>丢弃下一个回复</translation>
    </message>
    <message>
        <source>Redis applies the next command, the client never hears back: its link goes silent</source>
        <translation>Redis 执行了下一条命令，客户端却收不到回复：它的链路从此沉默</translation>
    </message>
    <message>
        <source>Release</source>
        <translation>放开</translation>
    </message>
    <message>
        <source>All clients</source>
        <translation>所有客户端</translation>
    </message>
    <message>
        <source>Programs log in as user %1 with this password, a Redis user that cannot run admin or dangerous commands (CONFIG, FLUSHALL, SHUTDOWN…):</source>
        <translation>程序以用户 %1 和下面的密码登录；这个 Redis 用户不能执行管理类或危险命令（CONFIG、FLUSHALL、SHUTDOWN…）：</translation>
    </message>
    <message>
        <source>In Node (ioredis):</source>
        <translation>Node（ioredis）：</translation>
    </message>
    <message>
        <source>By hand, with the password in the environment (other local users can read a command line):</source>
        <translation>手动连接，密码放在环境变量里（本机其他用户能看到命令行）：</translation>
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
    <name>ZoomButtons</name>
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
    <name>lockstock::ChallengeMode</name>
    <message>
        <source>With %1 this cannot happen: step the clients in any order you like, the checker will not find it.</source>
        <translation>用 %1 时这不会发生：按任意顺序单步执行各个客户端，检查器都不会发现它。</translation>
    </message>
    <message>
        <source>Step the clients yourself: 1–9 picks one, → steps it, Backspace takes the step back. The checker says when you got there.</source>
        <translation>自己单步执行各个客户端：1–9 选一个，→ 执行一步，Backspace 撤销这一步。做到时检查器会告诉你。</translation>
    </message>
    <message>
        <source>× The checker found it on the correct side.</source>
        <translation>× 检查器在正确做法上发现了它。</translation>
    </message>
    <message>
        <source>✓ Achieved: the checker found it. Backspace to try another way, R to start over.</source>
        <translation>✓ 达成：检查器发现了它。按 Backspace 换一种走法，按 R 从头再来。</translation>
    </message>
</context>
<context>
    <name>lockstock::ClassPoll</name>
    <message>
        <source>this computer only</source>
        <translation>仅本机</translation>
    </message>
</context>
<context>
    <name>lockstock::PollRoom</name>
    <message>
        <source>%1: poll results are written as .csv or .json</source>
        <translation>%1：投票结果只能写成 .csv 或 .json</translation>
    </message>
</context>
<context>
    <name>lockstock::PollServer</name>
    <message>
        <source>The poll cannot listen on %1 port %2: %3</source>
        <translation>投票无法在 %1 的 %2 端口监听：%3</translation>
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
    <message>
        <source>%1 (private)</source>
        <translation>%1（私有）</translation>
    </message>
    <message>
        <source>%1 (shared, keys under %2)</source>
        <translation>%1（共享，键位于 %2 之下）</translation>
    </message>
    <message>
        <source>the programs&apos; own, through the recording proxy</source>
        <translation>程序自己的 Redis，经由录制代理</translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation>文件：%1</translation>
    </message>
    <message>
        <source>Not opened: %1</source>
        <translation>未能打开：%1</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
    <message>
        <source>Before the edit: %1</source>
        <translation>修改前：%1</translation>
    </message>
    <message>
        <source>%1, before</source>
        <translation>%1（修改前）</translation>
    </message>
    <message>
        <source>The edited scenario does not load, so it cannot run: %1</source>
        <translation>修改后的场景无法加载，因此不能运行：%1</translation>
    </message>
    <message>
        <source>An animation is being exported already</source>
        <translation>已有动画正在导出</translation>
    </message>
    <message>
        <source>Only a stepped run on the virtual clock can be forked, once it is paused or over</source>
        <translation>只有虚拟时钟上的单步运行在暂停或结束后才能分叉</translation>
    </message>
    <message>
        <source>The edited scenario does not load: %1</source>
        <translation>编辑后的场景无法加载：%1</translation>
    </message>
    <message>
        <source>the clients</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>the stock</source>
        <translation>库存</translation>
    </message>
    <message>
        <source>the orders</source>
        <translation>订单数</translation>
    </message>
    <message>
        <source>the servers</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>A fork goes on from the run&apos;s state: %1 were set when it began and cannot change there. Run the edited scenario from the start instead (Space).</source>
        <translation>分叉从运行的当前状态继续：%1在运行开始时已确定，无法在分叉点更改。请改为从头运行编辑后的场景（空格键）。</translation>
    </message>
    <message>
        <source>Original: %1</source>
        <translation>原运行：%1</translation>
    </message>
    <message>
        <source>%1, original</source>
        <translation>%1，原运行</translation>
    </message>
    <message>
        <source>%1 is mid-order (order %2 of %3): it finishes it with %4, then runs %5.</source>
        <translation>%1 正在处理订单（第 %2 单，共 %3 单）：这一单按 %4 完成，之后改用 %5。</translation>
    </message>
    <message>
        <source>%1 is mid-order (order %2 of %3, its last): it finishes with %4 and runs no order of %5.</source>
        <translation>%1 正在处理订单（第 %2 单，共 %3 单，是最后一单）：它按 %4 完成，不会有订单使用 %5。</translation>
    </message>
    <message>
        <source>%1 has not begun order %2 of %3: %4 runs it.</source>
        <translation>%1 还没开始第 %2 单（共 %3 单）：这一单将使用 %4。</translation>
    </message>
    <message>
        <source>%1 has no order left: it runs no order of %2.</source>
        <translation>%1 已没有剩余订单：不会有订单使用 %2。</translation>
    </message>
    <message>
        <source>No order of this run is left for %1 at any instant: the fork would run none.</source>
        <translation>在这次运行的任何时刻分叉，都没有订单会使用 %1：分叉不会执行它。</translation>
    </message>
    <message>
        <source>No order is left for %1 from here. At %2 s %3 had not begun order %4 of %5: fork there and %1 runs it.</source>
        <translation>从这里起已没有订单会使用 %1。在 %2 秒时 %3 还没开始第 %4 单（共 %5 单）：在那里分叉，这一单就会使用 %1。</translation>
    </message>
</context>
<context>
    <name>lockstock::ScenarioEditor</name>
    <message>
        <source>%1 crashes after its %2 (order %3)</source>
        <translation>%1 在其 %2 之后崩溃（第 %3 单）</translation>
    </message>
    <message>
        <source>%1 pauses %2 s after its %3 (order %4)</source>
        <translation>%1 在其 %3 之后暂停 %2 秒（第 %4 单）</translation>
    </message>
    <message>
        <source>%1: %2 after its %3 (order %4)</source>
        <translation>%1：在其 %3 之后 %2（第 %4 单）</translation>
    </message>
    <message>
        <source>%1&apos;s clock runs at ×%2</source>
        <translation>%1 的时钟以 ×%2 的速度走</translation>
    </message>
    <message>
        <source>node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <source>at %1 s</source>
        <translation>于 %1 秒</translation>
    </message>
    <message>
        <source>after %1&apos;s %2</source>
        <translation>在 %1 的 %2 之后</translation>
    </message>
    <message>
        <source>%1 is killed %2</source>
        <translation>%1 被杀死，%2</translation>
    </message>
    <message>
        <source>%1 is stopped (SIGSTOP) for %3 s %2</source>
        <translation>%1 被冻结（SIGSTOP）%3 秒，%2</translation>
    </message>
    <message>
        <source>%1 restarts %2</source>
        <translation>%1 重启，%2</translation>
    </message>
    <message>
        <source>%1 is promoted to master %2</source>
        <translation>%1 被提升为主节点，%2</translation>
    </message>
    <message>
        <source>%1&apos;s clock jumps %3 s %2</source>
        <translation>%1 的时钟跳变 %3 秒，%2</translation>
    </message>
    <message>
        <source>%1&apos;s clock runs at ×%3 %2</source>
        <translation>%1 的时钟以 ×%3 的速度走，%2</translation>
    </message>
    <message>
        <source>%1: %2 %3</source>
        <translation>%1：%2 %3</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <source>Interleaving</source>
        <translation>交错顺序</translation>
    </message>
    <message>
        <source>must be a number</source>
        <translation>必须是数字</translation>
    </message>
    <message>
        <source>Change %1</source>
        <translation>修改 %1</translation>
    </message>
    <message>
        <source>at most %1 clients in the window</source>
        <translation>窗口中最多 %1 个客户端</translation>
    </message>
    <message>
        <source>Clients</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>Rename %1</source>
        <translation>重命名 %1</translation>
    </message>
    <message>
        <source>Start of %1</source>
        <translation>%1 的启动时刻</translation>
    </message>
    <message>
        <source>Slow down %1</source>
        <translation>让 %1 变慢</translation>
    </message>
    <message>
        <source>Crash %1</source>
        <translation>让 %1 崩溃</translation>
    </message>
    <message>
        <source>Pause %1</source>
        <translation>让 %1 暂停</translation>
    </message>
    <message>
        <source>Fault on node %1</source>
        <translation>节点 %1 的故障</translation>
    </message>
    <message>
        <source>Remove a fault</source>
        <translation>移除故障</translation>
    </message>
</context>
<context>
    <name>lockstock::ScheduleExploration</name>
    <message>
        <source>This scenario runs on the real clock (Sentinel or a cluster act on their own timers): its schedules cannot be replayed, so they cannot be explored.</source>
        <translation>这个场景运行在真实时钟上（哨兵或集群按各自的计时器行动）：它的调度无法重放，因此无法探索。</translation>
    </message>
    <message numerus="yes">
        <source>%n schedule(s) run · %1/s</source>
        <translation>
            <numerusform>已运行 %n 种调度 · %1 次/秒</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No finding in all %n distinct execution(s).</source>
        <translation>
            <numerusform>在全部 %n 个不同的执行中都没有发现问题。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No finding in the %n execution(s) run.</source>
        <translation>
            <numerusform>在已运行的 %n 次执行中没有发现问题。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n execution(s) fail.</source>
        <translation>
            <numerusform>%n 次执行中有 %1 次失败。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 · %2 (%3)</source>
        <translation>%1 · %2（%3）</translation>
    </message>
    <message>
        <source>correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>broken</source>
        <translation>有缺陷</translation>
    </message>
    <message numerus="yes">
        <source>%n step(s): %1</source>
        <translation>
            <numerusform>%n 步：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>faults: %1</source>
        <translation>故障：%1</translation>
    </message>
    <message>
        <source>outcome: %1</source>
        <translation>结果：%1</translation>
    </message>
    <message>
        <source>No such schedule</source>
        <translation>没有这种调度</translation>
    </message>
    <message>
        <source>Cannot write to %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>Schedule %1 of the exploration of %2: %3</source>
        <translation>对 %2 的探索中的第 %1 种调度：%3</translation>
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
    <message>
        <source>Redis is not available: %1</source>
        <translation>Redis 不可用：%1</translation>
    </message>
</context>
<context>
    <name>lockstock::WatchSession</name>
    <message>
        <source>Programs watched through the proxy</source>
        <translation>经代理观察到的程序</translation>
    </message>
    <message>
        <source>Could not start watching: %1</source>
        <translation>无法开始观察：%1</translation>
    </message>
</context>
</TS>
