#include "ClassPoll.h"

#include "gui/LessonPlayer.h"
#include "gui/Translations.h"

#include <QJSEngine>
#include <QQmlEngine>
#include <QQuickItem>
#include <QSettings>

#include <functional>

namespace lockstock {

namespace {
const QString kSavedAddress = QStringLiteral("poll/address");
const QString kSavedPort = QStringLiteral("poll/port");
const QString kLoopback = QStringLiteral("127.0.0.1");

// Nothing drawn: its polish, in the window's polish before a frame's sync, runs `polished`.
class PolishHook : public QQuickItem {
public:
    PolishHook(std::function<void()> polished, QObject *parent)
        : m_polished(std::move(polished))
    {
        setParent(parent);
    }

protected:
    void updatePolish() override { m_polished(); }

private:
    std::function<void()> m_polished;
};
} // namespace

ClassPoll::ClassPoll(LessonPlayer *player, Translations *translations, QObject *parent)
    : QObject(parent)
    , m_player(player)
    , m_translations(translations)
    , m_server(&m_room)
    , m_votesHook(new PolishHook([this] { countVotes(); }, this))
{
    m_address = QSettings().value(kSavedAddress).toString();
    connect(&m_server, &PollServer::runningChanged, this, &ClassPoll::runningChanged);
    connect(&m_server, &PollServer::runningChanged, this, &ClassPoll::gateFrames);
    connect(m_votesHook, &QQuickItem::windowChanged, this, &ClassPoll::gateFrames);
    connect(&m_server, &PollServer::joinedChanged, this, &ClassPoll::joinedChanged);
    connect(&m_server, &PollServer::droppedChanged, this, &ClassPoll::ignoredChanged);
    connect(&m_server, &PollServer::turnedAwayChanged, this, &ClassPoll::ignoredChanged);
    // A question or a round changes the chart's rows at once; votes come in bursts.
    connect(&m_room, &PollRoom::changed, this, [this] {
        countVotes();
        emit questionChanged();
    });
    connect(&m_room, &PollRoom::votesChanged, this, &ClassPoll::votesCame);
    if (m_player) {
        connect(m_player, &LessonPlayer::frameChanged, this, &ClassPoll::follow);
        connect(m_player, &LessonPlayer::lessonChanged, this, &ClassPoll::follow);
    }
    if (m_translations)
        connect(m_translations, &Translations::languageChanged, this, [this] {
            m_server.setLanguage(language());
            emit questionChanged();
        });
}

ClassPoll::~ClassPoll()
{
    m_server.stop();
}

ClassPoll *ClassPoll::create(QQmlEngine *engine, QJSEngine *js)
{
    auto *player = engine->singletonInstance<LessonPlayer *>(qmlTypeId("LockStock.Native", 1, 0, "LessonPlayer"));
    auto *poll = new ClassPoll(player, Translations::create(engine, js));
    QJSEngine::setObjectOwnership(poll, QJSEngine::JavaScriptOwnership);
    return poll;
}

QString ClassPoll::language() const
{
    return m_translations ? m_translations->effective() : QStringLiteral("en");
}

QString ClassPoll::shortUrl() const
{
    const QUrl url = m_server.url();
    return url.isEmpty() ? QString() : url.authority() + url.path();
}

void ClassPoll::setAddress(const QString &address)
{
    if (address == m_address)
        return;
    m_address = address;
    QSettings().setValue(kSavedAddress, address);
    emit addressChanged();
    // Moved to another network: the same poll, the same token, a new address.
    if (m_server.running()) {
        setError(listen(true));
        follow();
    }
}

QString ClassPoll::question() const
{
    const PollQuestion *q = m_room.question();
    return q ? q->question.in(language()) : QString();
}

QStringList ClassPoll::choices() const
{
    QStringList out;
    if (const PollQuestion *q = m_room.question())
        for (const LessonChoice &c : q->choices)
            out << c.text.in(language());
    return out;
}

int ClassPoll::round() const
{
    const PollQuestion *q = m_room.question();
    return q ? int(q->rounds.size()) : 0;
}

bool ClassPoll::revealed() const
{
    const PollQuestion *q = m_room.question();
    return q && q->revealed;
}

int ClassPoll::rightChoice() const
{
    return revealed() ? m_room.question()->rightChoice() : -1;
}

QQuickItem *ClassPoll::chart() const
{
    return m_votesHook->parentItem();
}

void ClassPoll::setChart(QQuickItem *chart)
{
    if (chart == m_votesHook->parentItem())
        return;
    m_votesHook->setParentItem(chart);
    emit chartChanged();
}

void ClassPoll::votesCame()
{
    if (m_votesHook->window())
        m_votesHook->polish();
    else
        countVotes();
}

void ClassPoll::gateFrames()
{
    m_frameGate.setWindow(m_server.running() ? m_votesHook->window() : nullptr);
}

void ClassPoll::countVotes()
{
    m_counts.clear();
    m_voters.clear();
    if (const PollQuestion *q = m_room.question())
        for (const PollRound &r : q->rounds) {
            QVariantList counts;
            for (const int n : r.counts(q->choices.size()))
                counts << n;
            m_counts.append(QVariant(counts));
            m_voters << r.voters();
        }
    emit votesChanged();
}

void ClassPoll::start()
{
    refreshAddresses();
    setError(listen(false));
    follow();
}

void ClassPoll::stop()
{
    m_server.stop();
    m_room.clear();
    setError(QString());
}

void ClassPoll::reveal()
{
    const PollQuestion *q = m_room.question();
    if (!q || q->revealed)
        return;
    const bool atQuestion = m_player && m_player->played() && m_player->lesson() == q->lesson
        && m_player->correctSide() == q->correctSide && m_player->frame() == q->frame;
    m_room.reveal();
    // As the lesson does: Next plays the run on to the moment that answers it.
    if (atQuestion)
        m_player->next();
}

void ClassPoll::refreshAddresses()
{
    m_addresses = pollAddresses();
    // The address chosen before, while the machine still has it.
    if (addressIndex() < 0)
        m_address = m_addresses.first().address.toString();
    emit addressesChanged();
    emit addressChanged();
}

QStringList ClassPoll::addresses() const
{
    QStringList out;
    for (const PollAddress &a : m_addresses)
        out << (a.name.isEmpty() ? tr("this computer only") : a.name) + QStringLiteral(" · ") + a.address.toString();
    return out;
}

int ClassPoll::addressIndex() const
{
    for (qsizetype i = 0; i < m_addresses.size(); ++i)
        if (m_addresses.at(i).address.toString() == m_address)
            return int(i);
    return -1;
}

void ClassPoll::setAddressIndex(int index)
{
    if (index >= 0 && index < m_addresses.size())
        setAddress(m_addresses.at(index).address.toString());
}

QString ClassPoll::exportResults(const QUrl &file) const
{
    return m_room.write(file.isLocalFile() ? file.toLocalFile() : file.toString(), language());
}

void ClassPoll::follow()
{
    if (!m_server.running())
        return;
    const Lesson *lesson = m_player ? m_player->played() : nullptr;
    if (!lesson)
        m_room.clear();
    else if (m_player->ready())
        m_room.show(*lesson, m_player->correctSide(), m_player->frame());
}

QString ClassPoll::listen(bool keepToken)
{
    // The port of the last poll, so a page left open finds it again; another when it is taken.
    QSettings settings;
    const QHostAddress address(m_address.isEmpty() ? kLoopback : m_address);
    const quint16 remembered = quint16(settings.value(kSavedPort, 0).toUInt());
    m_server.setLanguage(language());
    QString error = m_server.start(address, remembered, keepToken);
    if (!error.isEmpty() && remembered != 0)
        error = m_server.start(address, 0, keepToken);
    if (error.isEmpty())
        settings.setValue(kSavedPort, m_server.port());
    return error;
}

void ClassPoll::setError(const QString &error)
{
    if (error == m_error)
        return;
    m_error = error;
    emit errorChanged();
}

} // namespace lockstock
