#pragma once
// FakeStation: what the fixtures of the Station's rooms' tests build on — a real LinkManager over
// the fake links' registry (fakelinks.h), with the stand-ins the options emulate. The fixture sets
// the routing hooks and starts what its tests need. Test code; thread: the test's.
#include "fakelinks.h"
#include "station/linkmanager.h"

#include <QString>
#include <QStringList>
#include <memory>

namespace hil::test {

struct FakeStation
{
    BuildLog log;
    LinkRegistry registry = fakeRegistry(&log);
    StationOptions options;
    std::unique_ptr<LinkManager> links;

    static QStringList simAndMotion() { return {QStringLiteral("sim"), QStringLiteral("motion")}; }

    explicit FakeStation(QStringList emulate = simAndMotion())
    {
        options.emulate = std::move(emulate);
        links = std::make_unique<LinkManager>(options, registry);
    }
    // The LinkManager calls the hooks as it stops, and they point into the fixture built on this,
    // whose members are gone by now.
    ~FakeStation() { links->setHooks({}, {}, {}); }
    FakeStation(const FakeStation &) = delete;
    FakeStation &operator=(const FakeStation &) = delete;

    /// The links and stand-ins the options name, as the program starts them; fatal if any fails.
    void start()
    {
        QString error;
        if (!links->startAtLaunch(&error))
            qFatal("%s", qPrintable(error));
    }
    /// Everything stopped and forgotten.
    void stop()
    {
        links->stopAll();
        links->clear();
    }
};

} // namespace hil::test
