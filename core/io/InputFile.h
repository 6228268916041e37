#pragma once
// Reading a file the user names (a scenario): a regular file only, at most
// `maxBytes`. /dev/zero, a FIFO or a directory is refused at once instead of
// being read for ever or blocking; Qt resources (":/...") are read as they are.

#include <QByteArray>
#include <QString>

#include <optional>

namespace lockstock {

// The file's bytes, or nothing with *error saying why ("it is a FIFO, not a
// regular file", "it is larger than 4 MiB").
std::optional<QByteArray> readInputFile(const QString &path, qint64 maxBytes, QString *error);

} // namespace lockstock
