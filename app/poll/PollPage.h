#pragma once
// The page a student's phone opens: one HTML document with its style, its
// script and its words (English and Chinese, the student can switch) inline,
// so it works on a LAN with no internet, and a Content-Security-Policy that
// lets exactly that style and script run and the page talk only to the
// poll's own WebSocket.

#include <QByteArray>
#include <QString>

namespace lockstock {

struct PollPage {
    QByteArray html;
    // For the response's header; `socketOrigin` ("ws://192.168.1.5:8421") is the one place it may connect.
    QByteArray contentSecurityPolicy;
};

PollPage makePollPage(const QString &socketOrigin);

} // namespace lockstock
