#pragma once
// A file LockStock writes (--json, a picture), every step checked: open,
// each write, the close. A regular file is created or truncated; a device
// (/dev/stdout, /dev/null) is written as it is; a FIFO only when something
// reads it, and a reader that stops reading cannot hold us for ever.
// Failures are kept, not thrown: check commit() and errorString().

#include <QIODevice>

namespace lockstock {

class OutputFile : public QIODevice {
public:
    // How long a FIFO may be without a reader at open, and unread at a write.
    static constexpr int kReaderWaitMs = 2000;
    static constexpr int kStallMs = 10000;

    OutputFile() = default;
    ~OutputFile() override;

    // Opens `path` for writing. False with errorString() set when it cannot.
    bool open(const QString &path);
    // Closes the file; false when it or any write before it failed.
    bool commit();
    const QString &path() const { return m_path; }
    // "cannot write PATH: No space left on device"
    QString failure() const;

protected:
    qint64 readData(char *, qint64) override { return -1; }
    qint64 writeData(const char *data, qint64 size) override;

private:
    bool fail(const QString &reason);
    QString m_path;
    int m_fd = -1;
    bool m_failed = false;
};

} // namespace lockstock
