// Windows side of the platform layer's serial-port diagnosis (platform.h, "serial ports").
// Windows opens a COM port for one program at a time and answers any other with "access
// denied" (Qt's PermissionError): there it means "in use", never a missing right. There are no
// device groups and no lock files to read.
#include "platform/platform.h"

namespace hil::platform {

SerialPortProblem diagnoseSerialPort(const QString &path, SerialOpenError error)
{
    SerialPortProblem p;
    p.args = {path};
    switch (error) {
    case SerialOpenError::NotFound:
        p.kind = SerialPortProblem::Kind::Missing;
        p.detail = QStringLiteral("%1: no such port (is the board plugged in? Device Manager, "
                                  "Ports (COM & LPT), lists the COM ports present)")
                       .arg(path);
        break;
    case SerialOpenError::Permission:
        p.kind = SerialPortProblem::Kind::Locked;
        p.detail = QStringLiteral("%1 is in use by another program (QGroundControl, a terminal?): "
                                  "Windows lets one program open a COM port")
                       .arg(path);
        break;
    case SerialOpenError::Other:
        break;
    }
    return p;
}

} // namespace hil::platform
