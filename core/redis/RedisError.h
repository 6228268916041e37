#pragma once
// One error hierarchy for everything that can go wrong talking to Redis.
// what() is a sentence a user can act on; it always names the endpoint.

#include <stdexcept>
#include <string>

namespace lockstock {

class RedisError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Could not connect, or the connection broke (EOF, reset, protocol error).
class RedisConnectionError : public RedisError {
public:
    using RedisError::RedisError;
};

// The server did not answer within the command timeout.
class RedisTimeoutError : public RedisConnectionError {
public:
    using RedisConnectionError::RedisConnectionError;
};

// AUTH failed or a password is required.
class RedisAuthError : public RedisError {
public:
    using RedisError::RedisError;
};

// The peer answered, but it does not speak Redis.
class RedisProtocolError : public RedisConnectionError {
public:
    using RedisConnectionError::RedisConnectionError;
};

// Starting or controlling a private redis-server failed.
class RedisServerError : public RedisError {
public:
    using RedisError::RedisError;
};

// Its port belongs to another process (the server could not bind it, or
// someone else answers there): starting again on another port helps.
class RedisPortTakenError : public RedisServerError {
public:
    using RedisServerError::RedisServerError;
};

} // namespace lockstock
