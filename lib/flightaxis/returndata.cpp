#include "flightaxis/returndata.h"
#include "flightaxis/returndataschema.h"

#include <QXmlStreamReader>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

namespace hil::flightaxis {

namespace {
// Bits after the schema table's: the elements handled outside it.
constexpr int kStatusBit = kFieldCount;
constexpr int kSelectedBit = kFieldCount + 1;
constexpr int kInputsBit = kFieldCount + 2;
constexpr int kResetBit = kFieldCount + 3;
constexpr std::uint64_t kAllBits = (std::uint64_t(1) << (kFieldCount + 4)) - 1;
static_assert(kFieldCount + 4 <= 64, "seen-mask too small");

template <typename Name> int findField(Name name, int hint)
{
    if (hint < kFieldCount && name == kFields[hint].name)
        return hint;
    for (int i = 0; i < kFieldCount; ++i)
        if (name.size() == kFields[i].name.size() && name == kFields[i].name)
            return i;
    return -1;
}

// Leaf elements whose text matters, beyond the kFields indexes.
constexpr int kLeafNone = -1;
constexpr int kLeafStatus = 100, kLeafSelected = 101, kLeafReset = 102, kLeafItem = 103;

/// What the parse has seen so far; shared by the fast scanner and the QXmlStreamReader path so
/// that both apply exactly the same rules.
struct ParseState
{
    ReturnData *out;
    std::uint64_t seen = 0;
    bool inReturnData = false, inInputs = false, sawReturnData = false, done = false;
    int hint = 0;
};

/// A start tag (local name): returns the leaf kind whose text the caller must hand to onText().
template <typename Name> int onStart(ParseState &st, Name name)
{
    if (!st.inReturnData) {
        if (name == QLatin1String("ReturnData"))
            st.inReturnData = st.sawReturnData = true;
        return kLeafNone;
    }
    if (st.inInputs)
        return name == QLatin1String("item") ? kLeafItem : kLeafNone;
    const int i = findField(name, st.hint);
    if (i >= 0) {
        st.hint = i + 1;
        return i;
    }
    if (name == kStatusName)
        return kLeafStatus;
    if (name == kSelectedName)
        return kLeafSelected;
    if (name == kResetName)
        return kLeafReset;
    if (name == kInputsName) {
        st.inInputs = true;
        st.seen |= std::uint64_t(1) << kInputsBit;
    }
    return kLeafNone;
}

template <typename Name> void onEnd(ParseState &st, Name name)
{
    if (st.inInputs && name == kInputsName)
        st.inInputs = false;
    else if (st.inReturnData && name == QLatin1String("ReturnData"))
        st.done = true; // ignore anything after it
}

QByteArrayView trimmedText(QByteArrayView t)
{
    while (!t.isEmpty() &&
           (t.front() == ' ' || t.front() == '\n' || t.front() == '\r' || t.front() == '\t'))
        t = t.sliced(1);
    while (!t.isEmpty() &&
           (t.back() == ' ' || t.back() == '\n' || t.back() == '\r' || t.back() == '\t'))
        t.chop(1);
    return t;
}

// Locale-independent (Qt sets the C library locale from the environment; strtod would follow it).
double toNumber(QByteArrayView t, bool *ok)
{
    t = trimmedText(t);
    if (!t.isEmpty() && t.front() == '+')
        t = t.sliced(1);
    double v = 0;
    const auto r = std::from_chars(t.data(), t.data() + t.size(), v);
    *ok = !t.isEmpty() && r.ec == std::errc() && r.ptr == t.data() + t.size();
    return v;
}
double toNumber(QStringView t, bool *ok)
{
    return t.trimmed().toDouble(ok);
}
bool isTrue(QByteArrayView t)
{
    t = trimmedText(t);
    return t == "true" || t == "1";
}
bool isTrue(QStringView t)
{
    t = t.trimmed();
    return t == QLatin1String("true") || t == QLatin1String("1");
}
void setStatus(QString *s, QByteArrayView t)
{
    t = trimmedText(t);
    // reusing the previous frame's string avoids an allocation per frame
    if (*s != QLatin1String(t.data(), t.size()))
        *s = QString::fromUtf8(t);
}
void setStatus(QString *s, QStringView t)
{
    t = t.trimmed();
    if (*s != t)
        *s = t.toString();
}

template <typename Text> void onText(ParseState &st, int leaf, Text t)
{
    ReturnData *out = st.out;
    bool ok = false;
    if (leaf >= 0 && leaf < kFieldCount) {
        if (kFields[leaf].number) {
            const double v = toNumber(t, &ok);
            if (ok) {
                out->state.*kFields[leaf].number = v;
                st.seen |= std::uint64_t(1) << leaf;
            }
        } else {
            out->state.*kFields[leaf].flag = isTrue(t);
            st.seen |= std::uint64_t(1) << leaf;
        }
    } else if (leaf == kLeafItem) {
        // from_chars reads "nan" and "inf" as numbers: not stick positions either
        const double v = toNumber(t, &ok);
        ok = ok && std::isfinite(v);
        if (out->inputCount < int(out->inputs.size())) {
            out->inputs[out->inputCount++] = ok ? v : std::numeric_limits<double>::quiet_NaN();
            out->badInputs += ok ? 0 : 1;
        } else {
            ++out->extraInputs;
        }
    } else if (leaf == kLeafStatus) {
        setStatus(&out->state.status, t);
        st.seen |= std::uint64_t(1) << kStatusBit;
    } else if (leaf == kLeafSelected) {
        const double v = toNumber(t, &ok);
        out->selectedChannels = int(v);
        if (ok)
            st.seen |= std::uint64_t(1) << kSelectedBit;
    } else if (leaf == kLeafReset) {
        out->resetButtonPressed = isTrue(t);
        st.seen |= std::uint64_t(1) << kResetBit;
    }
}

QLatin1String localName(const char *b, const char *e)
{
    for (const char *p = e; p > b; --p)
        if (p[-1] == ':')
            return QLatin1String(p, e);
    return QLatin1String(b, e);
}

bool isNameStart(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
}

enum class FastResult { Done, NeedFullParser };

// The fast path: a byte scanner for the subset of XML RealFlight writes (elements, attributes,
// plain text; no comments, CDATA, entities). Anything else, or anything malformed, hands the
// reply to QXmlStreamReader, which has the last word. ~30× faster than QXmlStreamReader here.
FastResult scanReturnData(QByteArrayView xml, ParseState &st)
{
    const char *p = xml.data();
    const char *const end = p + xml.size();
    while (p < end && !st.done) {
        const char *lt = static_cast<const char *>(std::memchr(p, '<', end - p));
        if (!lt)
            break;
        p = lt + 1;
        if (p >= end)
            return FastResult::NeedFullParser;
        if (*p == '?') { // declaration
            const char *q = static_cast<const char *>(std::memchr(p, '>', end - p));
            if (!q || q[-1] != '?')
                return FastResult::NeedFullParser;
            p = q + 1;
            continue;
        }
        const bool closing = *p == '/';
        if (closing)
            ++p;
        if (p >= end || !isNameStart(*p))
            return FastResult::NeedFullParser;
        const char *nameBegin = p;
        while (p < end && *p != '>' && *p != '/' && *p != ' ' && *p != '\t' && *p != '\n' &&
               *p != '\r')
            ++p;
        const QLatin1String name = localName(nameBegin, p);
        // to the end of the tag; attribute values are quoted and may not contain '<'
        char quote = 0;
        while (p < end && (quote || *p != '>')) {
            if (*p == '<')
                return FastResult::NeedFullParser;
            if (quote && *p == quote)
                quote = 0;
            else if (!quote && (*p == '"' || *p == '\''))
                quote = *p;
            ++p;
        }
        if (p >= end)
            break; // truncated: report what is missing, like the full parser
        const bool selfClosing = p[-1] == '/';
        ++p; // past '>'
        if (closing) {
            onEnd(st, name);
            continue;
        }
        const int leaf = onStart(st, name);
        if (selfClosing) {
            if (leaf != kLeafNone)
                onText(st, leaf, QByteArrayView());
            onEnd(st, name);
            continue;
        }
        if (leaf == kLeafNone)
            continue;
        const char *textEnd = static_cast<const char *>(std::memchr(p, '<', end - p));
        if (!textEnd)
            break;
        const QByteArrayView text(p, textEnd - p);
        if (text.contains('&'))
            return FastResult::NeedFullParser; // entities: let the real parser decode them
        // the leaf must close right here: </name>
        const char *close = textEnd + 1;
        const qsizetype qualifiedLen = (name.data() - nameBegin) + name.size();
        if (close >= end || *close != '/' || end - (close + 1) < qualifiedLen + 1 ||
            std::memcmp(close + 1, nameBegin, qualifiedLen) != 0 || close[1 + qualifiedLen] != '>')
            return FastResult::NeedFullParser;
        onText(st, leaf, text);
        p = textEnd;
    }
    return FastResult::Done;
}

/// The general path: QXmlStreamReader, for anything the fast scanner does not vouch for.
bool readReturnData(QByteArrayView xml, ParseState &st, QString *error)
{
    QXmlStreamReader r(QByteArray::fromRawData(xml.data(), xml.size()));
    while (!r.atEnd() && !st.done) {
        const auto token = r.readNext();
        if (token == QXmlStreamReader::EndElement) {
            onEnd(st, r.name());
        } else if (token == QXmlStreamReader::StartElement) {
            const int leaf = onStart(st, r.name());
            if (leaf == kLeafNone)
                continue;
            // Text of a leaf: concatenated, so entity references and CDATA are resolved.
            const QString text = r.readElementText(QXmlStreamReader::SkipChildElements);
            onText(st, leaf, QStringView(text));
            onEnd(st, r.name());
        }
    }
    if (!st.sawReturnData) {
        if (error)
            *error = r.hasError() ? QStringLiteral("reply is not XML: %1").arg(r.errorString())
                                  : QStringLiteral("reply has no ReturnData element");
        return false;
    }
    if (r.hasError() && r.error() != QXmlStreamReader::PrematureEndOfDocumentError && !st.done) {
        if (error)
            *error = QStringLiteral("malformed ReturnData: %1").arg(r.errorString());
        return false;
    }
    return true;
}

void listMissing(const ParseState &st)
{
    ReturnData *out = st.out;
    if (st.seen == kAllBits && out->inputCount > 0)
        return;
    for (int i = 0; i < kFieldCount; ++i)
        if (!(st.seen & (std::uint64_t(1) << i)))
            out->missing << QString(kFields[i].name);
    if (!(st.seen & (std::uint64_t(1) << kStatusBit)))
        out->missing << QString(kStatusName);
    if (!(st.seen & (std::uint64_t(1) << kSelectedBit)))
        out->missing << QString(kSelectedName);
    if (!(st.seen & (std::uint64_t(1) << kInputsBit)) || out->inputCount == 0)
        out->missing << QString(kInputsName);
    if (!(st.seen & (std::uint64_t(1) << kResetBit)))
        out->missing << QString(kResetName);
}
} // namespace

bool parseReturnData(QByteArrayView xml, ReturnData *out, QString *error)
{
    out->inputCount = out->badInputs = out->extraInputs = 0;
    out->missing.clear();
    ParseState st{out};
    if (scanReturnData(xml, st) == FastResult::Done && st.sawReturnData) {
        listMissing(st);
        return true;
    }
    out->inputCount = out->badInputs = out->extraInputs = 0;
    ParseState full{out};
    if (!readReturnData(xml, full, error))
        return false;
    listMissing(full);
    return true;
}

} // namespace hil::flightaxis
