#pragma once
// The FlightAxis Link codec (docs/protocols/flightaxis.md): the SOAP envelope both ways — requests
// as RealFlight expects them, SOAP faults as values — and the server side (request parsing, reply
// building) used by the emulator, so that both ends are tested against each other and against the
// captured fixtures. Pure: bytes in, values out; no sockets, clocks or event loop; any thread.
// The ExchangeData reply and its (hot) parser are returndata.h; turning a reply into a SimFrame is
// frameconverter.h.

#include "flightaxis/returndata.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>
#include <QStringList>
#include <array>
#include <cstdint>

namespace hil::flightaxis {

enum class Method { Restore, Reset, Inject, ExchangeData };
/// The SOAP action name ("RestoreOriginalControllerDevice", ...).
const char *methodName(Method m);
/// Parses an action name; false for an unknown one.
bool methodFromName(QByteArrayView name, Method *out);

/// A complete HTTP request (headers + SOAP envelope) for Restore, Reset or Inject.
QByteArray buildRequest(Method m);
/// A complete ExchangeData request: mask = m-selectedChannels, values clamped to 0..1, four
/// decimals with a '.' in any locale.
QByteArray buildExchangeData(const std::array<double, 12> &values, std::uint32_t mask);

struct SoapFault
{
    QString faultString;
    QString detail;
};

/// Parses a SOAP fault body (faultstring + detail). False when there is no Fault element.
bool parseFault(QByteArrayView xml, SoapFault *out);

/// What a fault means to the link.
enum class FaultKind { Other, NotInstantiated, AlreadyInjected, NothingToRestore };
FaultKind classifyFault(const SoapFault &f);

// --- the server side (the emulator) ---

/// Parses an ExchangeData request body: m-selectedChannels and up to 12 items. False if absent.
bool parseExchangeRequest(QByteArrayView xml, std::uint32_t *mask, std::array<double, 12> *values);
/// A ReturnData body shaped like the Evolution capture, with r.inputCount (0..12) channel items.
QByteArray buildReturnDataBody(const ReturnData &r);
/// "<Method>Response" body, as RealFlight answers Restore/Reset/Inject.
QByteArray buildMethodResponseBody(Method m);
QByteArray buildFaultBody(const SoapFault &f);
/// An HTTP/1.1 response (200 or 500) around a body.
QByteArray buildHttpReply(int statusCode, const QByteArray &body);

} // namespace hil::flightaxis
