#pragma once
// A file LockStock writes (--json, a picture), every step checked: open,
// each write, the close. A regular file is written under no name (or a
// temporary one where the file system cannot) and takes its name only when
// commit() succeeds: a run killed or failed before leaves the file as it
// was, or none, never a part of one. A device (/dev/stdout, /dev/null) is
// written as it is; a FIFO only when something reads it, and a reader that
// stops reading cannot hold us for ever.
// Failures are kept, not thrown: check commit() and errorString().

#include <QIODevice>

#include <sys/types.h>

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
    // Closes the file and gives it its name; false when that or any write
    // before it failed (the file is then as it was).
    bool commit();
    const QString &path() const { return m_path; }
    // "cannot write PATH: No space left on device"
    QString failure() const;

protected:
    qint64 readData(char *, qint64) override { return -1; }
    qint64 writeData(const char *data, qint64 size) override;

private:
    bool fail(const QString &reason);
    // Opens a file to replace `target` (in its directory) with: unnamed, else
    // under a temporary name (m_temporary).
    int openReplacement(const QByteArray &target, mode_t mode);
    // The replacement, written, takes the name.
    bool rename();
    void discard();
    QString m_path;
    QByteArray m_target;      // the regular file the replacement gets the name of; empty: written in place
    QByteArray m_temporary;   // the replacement's temporary name; empty: it has none (O_TMPFILE)
    int m_fd = -1;
    bool m_failed = false;
};

} // namespace lockstock
