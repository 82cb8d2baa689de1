// What the platform layer (platform.h) does the same way on every system.
#include "platform/platform.h"

#include <QStandardPaths>

namespace hil::platform {

QString instanceDirectory()
{
    const QString forced = qEnvironmentVariable("HIL_INSTANCE_DIR");
    if (!forced.isEmpty())
        return forced;
    // Per user and per machine (Linux ~/.local/share/..., Windows %LOCALAPPDATA%\...), beside the
    // session folders: never the temporary folder, which cleanup tools empty under a running
    // program.
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) +
           QStringLiteral("/instances");
}

} // namespace hil::platform
