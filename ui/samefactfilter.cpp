#include "ui/samefactfilter.h"

namespace hil {

bool SameFactFilter::shows(const Event &e, qint64 nowMs)
{
    static const QHash<QString, QString> kFacts{
        {QStringLiteral("px4.armed"), QStringLiteral("px4.armed")},
        {QStringLiteral("px4gcs.armed"), QStringLiteral("px4.armed")},
        {QStringLiteral("px4.disarmed"), QStringLiteral("px4.disarmed")},
        {QStringLiteral("px4gcs.disarmed"), QStringLiteral("px4.disarmed")}};
    const auto fact = kFacts.constFind(e.id);
    if (fact == kFacts.constEnd())
        return true;
    Seen &seen = m_seen[*fact];
    const bool again = seen.ms != 0 && seen.source != e.source && nowMs - seen.ms < 2000;
    if (!again)
        seen = {e.source, nowMs};
    return !again;
}

} // namespace hil
