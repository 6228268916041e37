<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>Cli</name>
    <message numerus="yes">
        <source>%n private lock node(s) (replicated) and a store</source>
        <translation>
            <numerusform>%n private lock node (replicated) and a store</numerusform>
            <numerusform>%n private lock nodes (replicated) and a store</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n private lock node(s) and a store</source>
        <translation>
            <numerusform>%n private lock node and a store</numerusform>
            <numerusform>%n private lock nodes and a store</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Scenario %1 · about %n minute(s)</source>
        <translation>
            <numerusform>Scenario %1 · about %n minute</numerusform>
            <numerusform>Scenario %1 · about %n minutes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Cluster of %n private node(s) and a store</source>
        <translation>
            <numerusform>Cluster of %n private node and a store</numerusform>
            <numerusform>Cluster of %n private nodes and a store</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n joined</source>
        <translation>
            <numerusform>%n joined</numerusform>
            <numerusform>%n joined</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The poll is closed: %n question(s) asked.</source>
        <translation>
            <numerusform>The poll is closed: %n question asked.</numerusform>
            <numerusform>The poll is closed: %n questions asked.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n step(s): </source>
        <translation>
            <numerusform>%n step: </numerusform>
            <numerusform>%n steps: </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No finding in %n sampled run(s).</source>
        <translation>
            <numerusform>No finding in %n sampled run.</numerusform>
            <numerusform>No finding in %n sampled runs.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No finding in %n execution(s) (bounded: the space was not covered).</source>
        <translation>
            <numerusform>No finding in %n execution (bounded: the space was not covered).</numerusform>
            <numerusform>No finding in %n executions (bounded: the space was not covered).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No finding in all %n interleaving(s) (complete).</source>
        <translation>
            <numerusform>No finding in the %n interleaving (complete).</numerusform>
            <numerusform>No finding in all %n interleavings (complete).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No finding in all %n distinct execution(s) (complete).</source>
        <translation>
            <numerusform>No finding in the %n distinct execution (complete).</numerusform>
            <numerusform>No finding in all %n distinct executions (complete).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n execution(s) (%2) fail.</source>
        <translation>
            <numerusform>%1 of %n execution (%2) fails.</numerusform>
            <numerusform>%1 of %n executions (%2) fail.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n step(s)</source>
        <translation>
            <numerusform>%n step</numerusform>
            <numerusform>%n steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 · %2 (%3) · every schedule, on the virtual clock · %n worker(s), each with private redis-servers</source>
        <translation>
            <numerusform>%1 · %2 (%3) · every schedule, on the virtual clock · %n worker with private redis-servers</numerusform>
            <numerusform>%1 · %2 (%3) · every schedule, on the virtual clock · %n workers, each with private redis-servers</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Explore</name>
    <message numerus="yes">
        <source>with up to %n injected fault(s) in %1 placements</source>
        <translation>
            <numerusform>with up to %n injected fault in %1 placements</numerusform>
            <numerusform>with up to %n injected faults in %1 placements</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>complete: all %n interleaving(s)</source>
        <translation>
            <numerusform>complete: the %n interleaving</numerusform>
            <numerusform>complete: all %n interleavings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>complete: %n distinct execution(s) (DPOR with sleep sets; about %1 interleavings without reduction)</source>
        <translation>
            <numerusform>complete: %n distinct execution (DPOR with sleep sets; about %1 interleavings without reduction)</numerusform>
            <numerusform>complete: %n distinct executions (DPOR with sleep sets; about %1 interleavings without reduction)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>bounded: %n execution(s) before it was interrupted; the rest of the space (about %1 interleavings) was not explored</source>
        <translation>
            <numerusform>bounded: %n execution before it was interrupted; the rest of the space (about %1 interleavings) was not explored</numerusform>
            <numerusform>bounded: %n executions before it was interrupted; the rest of the space (about %1 interleavings) was not explored</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>bounded: %n execution(s) before the budget ran out; the rest of the space (about %1 interleavings) was not explored</source>
        <translation>
            <numerusform>bounded: %n execution before the budget ran out; the rest of the space (about %1 interleavings) was not explored</numerusform>
            <numerusform>bounded: %n executions before the budget ran out; the rest of the space (about %1 interleavings) was not explored</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LessonBrowser</name>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n min</numerusform>
            <numerusform>%n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n frame(s)</source>
        <translation>
            <numerusform>%n frame</numerusform>
            <numerusform>%n frames</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PollPanel</name>
    <message numerus="yes">
        <source>%n joined</source>
        <translation>
            <numerusform>%n joined</numerusform>
            <numerusform>%n joined</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n message(s) or connection(s) ignored: not a vote, too many, or without the code.</source>
        <translation>
            <numerusform>%n message or connection ignored: not a vote, too many, or without the code.</numerusform>
            <numerusform>%n messages or connections ignored: not a vote, too many, or without the code.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Verdict</name>
    <message numerus="yes">
        <source>The store refused %n stale write(s): their fencing tokens were older than ones already seen.</source>
        <translation>
            <numerusform>The store refused one stale write: its fencing token was older than one already seen.</numerusform>
            <numerusform>The store refused %n stale writes: their fencing tokens were older than ones already seen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n order(s) failed: the lock&apos;s Redis could not be reached.</source>
        <translation>
            <numerusform>One order failed: the lock&apos;s Redis could not be reached.</numerusform>
            <numerusform>%n orders failed: the lock&apos;s Redis could not be reached.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 deleted %2&apos;s lock %n time(s).</source>
        <translation>
            <numerusform>%1 deleted %2&apos;s lock.</numerusform>
            <numerusform>%1 deleted %2&apos;s lock %n times.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 extended %2&apos;s lock %n time(s).</source>
        <translation>
            <numerusform>%1 extended %2&apos;s lock.</numerusform>
            <numerusform>%1 extended %2&apos;s lock %n times.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 found its lock gone %n time(s) and went on as if it held it.</source>
        <translation>
            <numerusform>%1 found its lock gone and went on as if it held it.</numerusform>
            <numerusform>%1 found its lock gone %n times and went on as if it held it.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 renewed its lease %n time(s) after it had run out (by up to %2 ms): meanwhile Redis held no lock for %1.</source>
        <translation>
            <numerusform>%1 renewed its lease %2 ms after it had run out: meanwhile Redis held no lock for %1.</numerusform>
            <numerusform>%1 renewed its lease %n times after it had run out (by up to %2 ms): meanwhile Redis held no lock for %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n overlap(s), made harmless by fencing</source>
        <translation>
            <numerusform>one overlap, made harmless by fencing</numerusform>
            <numerusform>%n overlaps, made harmless by fencing</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n overlap(s)</source>
        <translation>
            <numerusform>one overlap</numerusform>
            <numerusform>%n overlaps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stale write(s) refused</source>
        <translation>
            <numerusform>one stale write refused</numerusform>
            <numerusform>%n stale writes refused</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n order(s) without a lock</source>
        <translation>
            <numerusform>one order without a lock</numerusform>
            <numerusform>%n orders without a lock</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n foreign delete(s)</source>
        <translation>
            <numerusform>one foreign delete</numerusform>
            <numerusform>%n foreign deletes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n foreign renewal(s)</source>
        <translation>
            <numerusform>one foreign renewal</numerusform>
            <numerusform>%n foreign renewals</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n lost lock(s) still believed</source>
        <translation>
            <numerusform>one lost lock still believed</numerusform>
            <numerusform>%n lost locks still believed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n late renewal(s)</source>
        <translation>
            <numerusform>one late renewal</numerusform>
            <numerusform>%n late renewals</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of %1 order(s) refused: the lock was busy and the client did not retry.</source>
        <translation>
            <numerusform>%n of %1 orders refused: the lock was busy and the client did not retry.</numerusform>
            <numerusform>%n of %1 orders refused: the lock was busy and the client did not retry.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n order(s) gave up waiting for the lock.</source>
        <translation>
            <numerusform>One order gave up waiting for the lock.</numerusform>
            <numerusform>%n orders gave up waiting for the lock.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n order(s) failed on an error from Redis, the first: %1</source>
        <translation>
            <numerusform>One order failed on an error from Redis: %1</numerusform>
            <numerusform>%n orders failed on errors from Redis, the first: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unit(s) taken without a sale</source>
        <translation>
            <numerusform>one unit taken without a sale</numerusform>
            <numerusform>%n units taken without a sale</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n order(s) refused</source>
        <translation>
            <numerusform>one order refused</numerusform>
            <numerusform>%n orders refused</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n order(s) timed out</source>
        <translation>
            <numerusform>one order timed out</numerusform>
            <numerusform>%n orders timed out</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n order(s) undersold</source>
        <translation>
            <numerusform>one order undersold</numerusform>
            <numerusform>%n orders undersold</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n order(s) failed on errors</source>
        <translation>
            <numerusform>one order failed on an error</numerusform>
            <numerusform>%n orders failed on errors</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n order(s) refused with stock left unsold: %1.</source>
        <translation>
            <numerusform>One order refused with stock left unsold: %1.</numerusform>
            <numerusform>%n orders refused with stock left unsold: %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Writes over other clients&apos; sales lost %n unit(s).</source>
        <translation>
            <numerusform>Writes over other clients&apos; sales lost one unit.</numerusform>
            <numerusform>Writes over other clients&apos; sales lost %n units.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 units sold from %2, yet the stock is %3: %n unit(s) lost.</source>
        <translation>
            <numerusform>%1 units sold from %2, yet the stock is %3: one unit lost.</numerusform>
            <numerusform>%1 units sold from %2, yet the stock is %3: %n units lost.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 units sold from %2, yet the stock is %3: %n unit(s) taken without a sale.</source>
        <translation>
            <numerusform>%1 units sold from %2, yet the stock is %3: one unit taken without a sale.</numerusform>
            <numerusform>%1 units sold from %2, yet the stock is %3: %n units taken without a sale.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unit(s) taken from the stock without a sale.</source>
        <translation>
            <numerusform>One unit taken from the stock without a sale.</numerusform>
            <numerusform>%n units taken from the stock without a sale.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stale write(s)</source>
        <translation>
            <numerusform>one stale write</numerusform>
            <numerusform>%n stale writes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unit(s) lost</source>
        <translation>
            <numerusform>one unit lost</numerusform>
            <numerusform>%n units lost</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unit(s) oversold</source>
        <translation>
            <numerusform>one unit oversold</numerusform>
            <numerusform>%n units oversold</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 wrote %2, not %3: %n unit(s) lost</source>
        <translation>
            <numerusform>%1 wrote %2, not %3: one unit lost</numerusform>
            <numerusform>%1 wrote %2, not %3: %n units lost</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 writes lost %n unit(s)</source>
        <translation>
            <numerusform>%1 writes lost one unit</numerusform>
            <numerusform>%1 writes lost %n units</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stale write(s): each wrote the stock from a read that another client&apos;s later write had made stale.</source>
        <translation>
            <numerusform>One stale write: it wrote the stock from a read that another client&apos;s later write had made stale.</numerusform>
            <numerusform>%n stale writes: each wrote the stock from a read that another client&apos;s later write had made stale.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WatchPanel</name>
    <message numerus="yes">
        <source>Recording · %n connection(s)</source>
        <translation>
            <numerusform>Recording · %n connection</numerusform>
            <numerusform>Recording · %n connections</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n command(s)</source>
        <translation>
            <numerusform>%n command</numerusform>
            <numerusform>%n commands</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lockstock::ScheduleExploration</name>
    <message numerus="yes">
        <source>%n schedule(s) run · %1/s</source>
        <translation>
            <numerusform>%n schedule run · %1/s</numerusform>
            <numerusform>%n schedules run · %1/s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No finding in all %n distinct execution(s).</source>
        <translation>
            <numerusform>No finding in the %n distinct execution.</numerusform>
            <numerusform>No finding in all %n distinct executions.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No finding in the %n execution(s) run.</source>
        <translation>
            <numerusform>No finding in the %n execution run.</numerusform>
            <numerusform>No finding in the %n executions run.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n execution(s) fail.</source>
        <translation>
            <numerusform>%1 of %n execution fails.</numerusform>
            <numerusform>%1 of %n executions fail.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n step(s): %1</source>
        <translation>
            <numerusform>%n step: %1</numerusform>
            <numerusform>%n steps: %1</numerusform>
        </translation>
    </message>
</context>
</TS>
