#include "raven/axischeckstore.h"

#include <QSettings>

namespace hil::raven {

namespace {
QString group(const QString &address)
{
    return QStringLiteral("axisCheck/") + address;
}
} // namespace

AxisCheckStore::AxisCheckStore(QString file) : m_file(std::move(file)) {}

QString AxisCheckStore::summaryName(Status::Summary s)
{
    switch (s) {
    case Status::Summary::Passed:
        return QStringLiteral("passed");
    case Status::Summary::Failed:
        return QStringLiteral("failed");
    case Status::Summary::Incomplete:
        return QStringLiteral("incomplete");
    case Status::Summary::Never:
        break;
    }
    return QStringLiteral("never");
}

QString AxisCheckStore::address(const QString &host, int port)
{
    return QStringLiteral("%1:%2").arg(host).arg(port);
}

std::unique_ptr<QSettings> AxisCheckStore::open() const
{
    QString file = m_file;
    if (file.isEmpty())
        file = qEnvironmentVariable("HIL_AXIS_CHECK_STORE");
    if (file.isEmpty())
        return std::make_unique<QSettings>();
    return std::make_unique<QSettings>(file, QSettings::IniFormat);
}

AxisCheckStore::Status AxisCheckStore::read(QSettings &s, const QString &address) const
{
    Status st;
    s.beginGroup(group(address));
    st.held = s.value(QStringLiteral("hold"), false).toBool();
    if (st.held) {
        st.heldAxis = dofFromName(s.value(QStringLiteral("holdAxis")).toString());
        st.movedAxis = dofFromName(s.value(QStringLiteral("holdMoved")).toString());
    }
    bool anyResult = false, anyFailed = false;
    for (int i = 0; i < 6; ++i) {
        const QString prefix = QLatin1String(dofName(i)) + QLatin1Char('/');
        const QString result = s.value(prefix + QStringLiteral("result")).toString();
        if (result.isEmpty())
            continue;
        anyResult = true;
        if (result == QLatin1String("passed"))
            st.passedMask |= 1u << i;
        else
            anyFailed = true;
        const QDateTime t =
            QDateTime::fromString(s.value(prefix + QStringLiteral("time")).toString(), Qt::ISODate);
        if (t.isValid() && (!st.lastTime.isValid() || t > st.lastTime))
            st.lastTime = t.toUTC();
    }
    s.endGroup();
    st.summary = st.held || anyFailed ? Status::Summary::Failed
                 : st.allPassed()     ? Status::Summary::Passed
                 : anyResult          ? Status::Summary::Incomplete
                                      : Status::Summary::Never;
    return st;
}

AxisCheckStore::Status AxisCheckStore::status(const QString &address) const
{
    const auto s = open();
    return read(*s, address);
}

AxisCheckStore::Status AxisCheckStore::recordOutcome(const QString &address, int axis,
                                                     AxisOutcome outcome, int movedAxis,
                                                     int frameId, const QDateTime &at)
{
    const auto s = open();
    if (axis < 0 || axis > 5 || outcome == AxisOutcome::Refused ||
        outcome == AxisOutcome::Cancelled)
        return read(*s, address);
    s->beginGroup(group(address));
    if (outcome == AxisOutcome::Crossed) {
        // Whatever passed before was read through the same (wrong) reading: check it all again.
        for (int i = 0; i < 6; ++i) {
            s->remove(QLatin1String(dofName(i)) + QStringLiteral("/result"));
            s->remove(QLatin1String(dofName(i)) + QStringLiteral("/time"));
        }
        s->setValue(QStringLiteral("hold"), true);
        s->setValue(QStringLiteral("holdAxis"), QLatin1String(dofName(axis)));
        s->setValue(QStringLiteral("holdMoved"), QLatin1String(dofName(movedAxis)));
    }
    const QString prefix = QLatin1String(dofName(axis)) + QLatin1Char('/');
    s->setValue(prefix + QStringLiteral("result"),
                outcome == AxisOutcome::Passed    ? QStringLiteral("passed")
                : outcome == AxisOutcome::Crossed ? QStringLiteral("crossed")
                                                  : QStringLiteral("no_response"));
    s->setValue(prefix + QStringLiteral("moved"), QLatin1String(dofName(movedAxis)));
    s->setValue(prefix + QStringLiteral("frame"), frameId);
    const QDateTime when = at.isValid() ? at.toUTC() : QDateTime::currentDateTimeUtc();
    s->setValue(prefix + QStringLiteral("time"), when.toString(Qt::ISODate));
    s->endGroup();
    Status st = read(*s, address);
    if (st.held && st.allPassed()) {
        s->beginGroup(group(address));
        s->remove(QStringLiteral("hold"));
        s->remove(QStringLiteral("holdAxis"));
        s->remove(QStringLiteral("holdMoved"));
        s->endGroup();
        st = read(*s, address);
    }
    s->sync();
    m_writeOk = s->status() == QSettings::NoError;
    return st;
}

void AxisCheckStore::recordAnswer(const QString &address, int axis, const QString &answer,
                                  bool invert, double poseChange)
{
    if (axis < 0 || axis > 5)
        return;
    const auto s = open();
    s->beginGroup(group(address) + QLatin1Char('/') + QLatin1String(dofName(axis)));
    s->setValue(QStringLiteral("answer"), answer);
    s->setValue(QStringLiteral("invert"), invert);
    s->setValue(QStringLiteral("poseChange"), poseChange);
    s->endGroup();
    s->sync();
    m_writeOk = s->status() == QSettings::NoError;
}

} // namespace hil::raven
