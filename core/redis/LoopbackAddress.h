#pragma once
// 127.0.0.1:PORT as bind() and connect() take it (port 0: any free one).

#include <arpa/inet.h>
#include <netinet/in.h>

#include <cstdint>

namespace lockstock {

inline sockaddr_in loopbackAddress(int port)
{
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<std::uint16_t>(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    return addr;
}

} // namespace lockstock
