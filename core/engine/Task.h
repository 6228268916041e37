#pragma once
// A lazy C++20 coroutine. Strategies are written as ordinary sequential code
// that co_awaits each Redis command; the run that drives them decides when the
// command is really sent. That is how one strategy runs unchanged stepped (one
// command per step, any interleaving) and live (a thread at full speed).
//
// GCC 12 miscompiles a co_await inside an if condition followed by co_return
// (the coroutine never finishes): await into a local first, then test it.

#include <coroutine>
#include <exception>
#include <optional>
#include <utility>

namespace lockstock {

class Actor;

struct PromiseBase {
    Actor *actor = nullptr;                // the run's handle on this call chain
    std::coroutine_handle<> continuation;  // who awaits us; null for a root
    std::exception_ptr error;

    std::suspend_always initial_suspend() noexcept { return {}; }
    struct FinalAwaiter {
        bool await_ready() noexcept { return false; }
        template <class P>
        std::coroutine_handle<> await_suspend(std::coroutine_handle<P> h) noexcept
        {
            auto next = h.promise().continuation;
            return next ? next : std::noop_coroutine();
        }
        void await_resume() noexcept {}
    };
    FinalAwaiter final_suspend() noexcept { return {}; }
    void unhandled_exception() { error = std::current_exception(); }
};

template <class T>
struct ValuePromise : PromiseBase {
    std::optional<T> value;
    void return_value(T v) { value = std::move(v); }
    T take() { return std::move(*value); }
};

template <>
struct ValuePromise<void> : PromiseBase {
    void return_void() {}
    void take() {}
};

template <class T = void>
class [[nodiscard]] Task {
public:
    struct promise_type : ValuePromise<T> {
        Task get_return_object() { return Task(std::coroutine_handle<promise_type>::from_promise(*this)); }
    };
    using Handle = std::coroutine_handle<promise_type>;

    Task() = default;
    explicit Task(Handle h) : m_handle(h) {}
    Task(Task &&o) noexcept : m_handle(std::exchange(o.m_handle, {})) {}
    Task &operator=(Task &&o) noexcept
    {
        if (this != &o) {
            reset();
            m_handle = std::exchange(o.m_handle, {});
        }
        return *this;
    }
    ~Task() { reset(); }

    // Awaiting a task runs it as a sub-call of the awaiting one, on the same actor.
    bool await_ready() const noexcept { return false; }
    template <class P>
    std::coroutine_handle<> await_suspend(std::coroutine_handle<P> parent) noexcept
    {
        m_handle.promise().actor = parent.promise().actor;
        m_handle.promise().continuation = parent;
        return m_handle;
    }
    T await_resume()
    {
        if (m_handle.promise().error)
            std::rethrow_exception(m_handle.promise().error);
        return m_handle.promise().take();
    }

    Handle handle() const { return m_handle; }
    bool done() const { return !m_handle || m_handle.done(); }

private:
    void reset()
    {
        // Destroying a suspended root frame destroys the awaited sub-tasks it
        // holds: that is what a crash fault does to a client.
        if (m_handle)
            m_handle.destroy();
        m_handle = {};
    }
    Handle m_handle;
};

} // namespace lockstock
