#include "docscheck.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QUrl>
#include <algorithm>
#include <vector>

namespace docscheck {

namespace {

bool isBlank(const QString &line)
{
    return line.trimmed().isEmpty();
}

int indentOf(const QString &line)
{
    int n = 0;
    for (QChar c : line) {
        if (c == QLatin1Char(' '))
            ++n;
        else if (c == QLatin1Char('\t'))
            n += 4;
        else
            break;
    }
    return n;
}

bool isListItem(const QString &line)
{
    static const QRegularExpression re(QStringLiteral("^\\s*([-*+]|\\d+[.)])\\s"));
    return re.match(line).hasMatch();
}

/// For each line: true when it is code (inside a fence, a fence line itself, or an indented code
/// block that does not continue a list item).
std::vector<bool> codeLines(const QStringList &lines)
{
    static const QRegularExpression fence(QStringLiteral("^ {0,3}(`{3,}|~{3,})"));
    std::vector<bool> code(std::size_t(lines.size()), false);
    QString open;              // the fence that is open ("```", "~~~~", ...), empty when none
    bool inIndented = false;   // inside an indented code block
    bool lastWasList = false;  // the last non-blank text line belongs to a list
    bool previousBlank = true; // the start of the file counts as after a blank line
    for (int i = 0; i < lines.size(); ++i) {
        const QString &l = lines.at(i);
        if (!open.isEmpty()) {
            code[std::size_t(i)] = true;
            const auto m = fence.match(l);
            if (m.hasMatch() && m.captured(1).at(0) == open.at(0) &&
                m.captured(1).size() >= open.size() && l.trimmed() == m.captured(1))
                open.clear();
            continue;
        }
        if (const auto m = fence.match(l); m.hasMatch()) {
            open = m.captured(1);
            code[std::size_t(i)] = true;
            inIndented = false;
            previousBlank = false;
            continue;
        }
        if (isBlank(l)) {
            previousBlank = true;
            continue;
        }
        if (indentOf(l) >= 4 && (inIndented || (previousBlank && !lastWasList))) {
            code[std::size_t(i)] = true;
            inIndented = true;
        } else {
            inIndented = false;
            lastWasList = isListItem(l) || (indentOf(l) > 0 && lastWasList);
        }
        previousBlank = false;
    }
    return code;
}

/// The text with every code block line and every code span replaced by spaces (newlines kept, so
/// offsets and line numbers stay those of the original).
QString maskCode(const QString &markdown)
{
    QStringList lines = markdown.split(QLatin1Char('\n'));
    const auto code = codeLines(lines);
    for (int i = 0; i < lines.size(); ++i)
        if (code[std::size_t(i)])
            lines[i] = QString(lines.at(i).size(), QLatin1Char(' '));
    QString t = lines.join(QLatin1Char('\n'));
    // Code spans: a run of n backticks up to the next run of exactly n.
    auto runAt = [&t](int i) {
        int n = 0;
        while (i + n < t.size() && t.at(i + n) == QLatin1Char('`'))
            ++n;
        return n;
    };
    for (int i = 0; i < t.size();) {
        if (t.at(i) != QLatin1Char('`')) {
            ++i;
            continue;
        }
        const int n = runAt(i);
        int j = i + n, end = -1;
        while (j < t.size()) {
            if (t.at(j) == QLatin1Char('`')) {
                const int m = runAt(j);
                if (m == n) {
                    end = j + m;
                    break;
                }
                j += m;
            } else {
                ++j;
            }
        }
        if (end < 0) {
            i += n; // no closing run: the backticks are literal
            continue;
        }
        for (int k = i; k < end; ++k)
            if (t.at(k) != QLatin1Char('\n'))
                t[k] = QLatin1Char(' ');
        i = end;
    }
    return t;
}

int lineAt(const QString &text, qsizetype offset)
{
    return int(text.left(offset).count(QLatin1Char('\n'))) + 1;
}

/// The text a reader reads as prose: code blocks and spans masked (maskCode), and link targets,
/// reference definitions and URLs masked too. Lengths are kept, so lines stay right.
QString maskNonProse(const QString &markdown)
{
    static const QRegularExpression target(QStringLiteral("\\]\\([^)\\n]*\\)"));
    static const QRegularExpression url(
        QStringLiteral("<?\\b[A-Za-z][A-Za-z0-9+.-]*://[^\\s)>]*>?"));
    static const QRegularExpression definition(QStringLiteral("^ {0,3}\\[[^\\]]+\\]:.*$"),
                                               QRegularExpression::MultilineOption);
    QString t = maskCode(markdown);
    for (const auto *re : {&definition, &target, &url})
        for (auto it = re->globalMatch(t); it.hasNext();) {
            const auto m = it.next();
            for (qsizetype k = m.capturedStart(); k < m.capturedEnd(); ++k)
                if (t.at(k) != QLatin1Char('\n'))
                    t[k] = QLatin1Char(' ');
        }
    return t;
}

} // namespace

QString githubSlug(const QString &heading)
{
    static const QRegularExpression link(QStringLiteral("!?\\[([^\\]]*)\\]\\([^)]*\\)"));
    QString text = heading.trimmed();
    text.replace(link, QStringLiteral("\\1"));
    QString slug;
    for (QChar c : text.toLower()) {
        if (c.isLetterOrNumber() || c.isMark() || c == QLatin1Char('-') || c == QLatin1Char('_'))
            slug += c;
        else if (c == QLatin1Char(' '))
            slug += QLatin1Char('-');
    }
    return slug;
}

QStringList headingAnchors(const QString &markdown)
{
    static const QRegularExpression atx(QStringLiteral("^ {0,3}#{1,6}(?:[ \\t]+(.*?))?$"));
    static const QRegularExpression closing(QStringLiteral("(?:^|[ \\t]+)#+[ \\t]*$"));
    const QStringList lines = markdown.split(QLatin1Char('\n'));
    const auto code = codeLines(lines);
    QStringList anchors;
    QHash<QString, int> seen;
    for (int i = 0; i < lines.size(); ++i) {
        if (code[std::size_t(i)])
            continue;
        const auto m = atx.match(lines.at(i));
        if (!m.hasMatch())
            continue;
        QString text = m.captured(1);
        text.remove(closing);
        const QString base = githubSlug(text);
        const int n = seen.value(base, 0);
        seen.insert(base, n + 1);
        anchors << (n == 0 ? base : base + QLatin1Char('-') + QString::number(n));
    }
    return anchors;
}

QList<Link> relativeLinks(const QString &markdown)
{
    static const QRegularExpression inlineLink(
        QStringLiteral("(!?)\\[((?:[^\\[\\]\\n]|\\n(?!\\s*\\n)|\\[[^\\[\\]]*\\])*)\\]"
                       "\\(\\s*(<[^>\\n]*>|[^\\s()]+)(?:\\s+(?:\"[^\"]*\"|'[^']*'))?\\s*\\)"));
    static const QRegularExpression definition(
        QStringLiteral("^ {0,3}\\[[^\\]]+\\]:[ \\t]*(<[^>\\n]*>|\\S+)"),
        QRegularExpression::MultilineOption);
    static const QRegularExpression scheme(QStringLiteral("^[A-Za-z][A-Za-z0-9+.-]*:"));
    const QString t = maskCode(markdown);
    QList<Link> links;
    auto add = [&](QString target, qsizetype at, bool image) {
        if (target.startsWith(QLatin1Char('<')) && target.endsWith(QLatin1Char('>')))
            target = target.mid(1, target.size() - 2);
        if (target.isEmpty() || scheme.match(target).hasMatch())
            return;
        links.append({target, lineAt(t, at), image});
    };
    for (auto it = inlineLink.globalMatch(t); it.hasNext();) {
        const auto m = it.next();
        add(m.captured(3), m.capturedStart(), !m.captured(1).isEmpty());
    }
    for (auto it = definition.globalMatch(t); it.hasNext();) {
        const auto m = it.next();
        add(m.captured(1), m.capturedStart(), false);
    }
    return links;
}

DocTree diskTree()
{
    return {[](const QString &path) { return QFileInfo::exists(path); },
            [](const QString &path) {
                QFile f(path);
                return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
            }};
}

DocTree memoryTree(const QHash<QString, QString> &files)
{
    return {[files](const QString &path) {
                if (files.contains(path))
                    return true;
                const QString folder = path + QLatin1Char('/');
                for (auto it = files.cbegin(); it != files.cend(); ++it)
                    if (it.key().startsWith(folder))
                        return true;
                return false;
            },
            [files](const QString &path) { return files.value(path); }};
}

QStringList checkLinks(const QString &file, const QString &markdown, const DocTree &tree)
{
    QStringList problems;
    const QString folder = QFileInfo(file).absolutePath();
    for (const Link &l : relativeLinks(markdown)) {
        const qsizetype hash = l.target.indexOf(QLatin1Char('#'));
        const QString path = QUrl::fromPercentEncoding(l.target.left(hash).toUtf8());
        const QString anchor = hash < 0 ? QString() : l.target.mid(hash + 1);
        const QString where = QStringLiteral("%1:%2: %3%4: ")
                                  .arg(file)
                                  .arg(l.line)
                                  .arg(l.image ? QStringLiteral("image ") : QString(), l.target);
        const QString resolved =
            path.isEmpty() ? file : QDir::cleanPath(folder + QLatin1Char('/') + path);
        if (!path.isEmpty() && !tree.exists(resolved)) {
            problems << where + QStringLiteral("no such file or folder (%1)").arg(resolved);
            continue;
        }
        if (anchor.isEmpty() || !resolved.endsWith(QLatin1String(".md")))
            continue;
        const QString text = resolved == file ? markdown : tree.read(resolved);
        if (!headingAnchors(text).contains(anchor))
            problems << where + QStringLiteral("no heading with the anchor #%1").arg(anchor);
    }
    return problems;
}

int lineCount(const QString &text)
{
    if (text.isEmpty())
        return 0;
    const int newlines = int(text.count(QLatin1Char('\n')));
    return text.endsWith(QLatin1Char('\n')) ? newlines : newlines + 1;
}

QStringList troubleshootingIds(const QString &markdown)
{
    static const QRegularExpression heading(
        QStringLiteral("^ {0,3}#{1,6}[ \\t]+Troubleshooting[ \\t#]*$"));
    static const QRegularExpression separator(QStringLiteral("^[\\s|:-]+$"));
    static const QRegularExpression ticked(QStringLiteral("`([^`]+)`"));
    const QStringList lines = markdown.split(QLatin1Char('\n'));
    const auto code = codeLines(lines);
    int i = 0;
    while (i < lines.size() && (code[std::size_t(i)] || !heading.match(lines.at(i)).hasMatch()))
        ++i;
    while (i < lines.size() && !lines.at(i).trimmed().startsWith(QLatin1Char('|')))
        ++i;
    QStringList ids;
    bool header = true;
    for (; i < lines.size() && lines.at(i).trimmed().startsWith(QLatin1Char('|')); ++i) {
        const QString row = lines.at(i).trimmed();
        if (header || separator.match(row).hasMatch()) {
            header = false;
            continue;
        }
        const QString first = row.mid(1).section(QLatin1Char('|'), 0, 0);
        for (auto it = ticked.globalMatch(first); it.hasNext();)
            ids << it.next().captured(1);
    }
    return ids;
}

QStringList idsWithoutLiteral(const QStringList &ids, const QStringList &sources)
{
    QStringList unknown;
    for (const QString &id : ids) {
        const QString literal = QLatin1Char('"') + id + QLatin1Char('"');
        bool found = false;
        for (const QString &s : sources)
            if (s.contains(literal)) {
                found = true;
                break;
            }
        if (!found)
            unknown << id;
    }
    return unknown;
}

QList<HistoryRef> historyReferences(const QString &markdown)
{
    // Link targets and URLs are masked too: a link to an upstream commit or issue is a citation of
    // another project's page, not this program's history.
    struct Rule
    {
        QRegularExpression re;
        const char *why;
    };
    static const Rule rules[] = {
        {QRegularExpression(QStringLiteral("\\bissues?\\s*#?\\d+"),
                            QRegularExpression::CaseInsensitiveOption),
         "an issue number"},
        {QRegularExpression(QStringLiteral("(?<![\\w/&#])#\\d{1,4}\\b")), "an issue number"},
        {QRegularExpression(QStringLiteral("\\btasks?\\s+#?\\d+"),
                            QRegularExpression::CaseInsensitiveOption),
         "a task number"},
        // Both a digit and a letter: leaves plain numbers (1234567893) and words ("facade") alone;
        // the look-behind leaves "0x.." values and "#rrggbb" colours alone.
        {QRegularExpression(QStringLiteral("(?<![\\w#])(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])"
                                           "[0-9a-f]{7,40}(?![\\w])")),
         "a commit hash"},
        {QRegularExpression(QStringLiteral("\\bthis\\s+(?:[\\w-]+\\s+){0,2}machine\\b"),
                            QRegularExpression::CaseInsensitiveOption),
         "names the build machine; say which machine"},
        {QRegularExpression(QStringLiteral("\\bsittings?\\b"),
                            QRegularExpression::CaseInsensitiveOption),
         "a sitting; label a figure by date and program version"},
    };
    const QString t = maskNonProse(markdown);
    QList<HistoryRef> refs;
    for (const Rule &r : rules)
        for (auto it = r.re.globalMatch(t); it.hasNext();) {
            const auto m = it.next();
            refs.append({lineAt(t, m.capturedStart()), m.captured(), QString::fromLatin1(r.why)});
        }
    std::stable_sort(refs.begin(), refs.end(),
                     [](const HistoryRef &a, const HistoryRef &b) { return a.line < b.line; });
    return refs;
}

QStringList checkHistory(const QString &file, const QString &markdown)
{
    QStringList problems;
    for (const HistoryRef &r : historyReferences(markdown))
        problems << QStringLiteral("%1:%2: \"%3\": %4").arg(file).arg(r.line).arg(r.text, r.why);
    return problems;
}

QList<HistoryRef> datedLogs(const QString &markdown)
{
    static const QRegularExpression phrase(
        QStringLiteral("\\b(?:found\\s+and\\s+fixed|not\\s+yet\\s+understood)\\b"),
        QRegularExpression::CaseInsensitiveOption);
    // A date standing on its own: nothing that belongs to a name or a stamp touches it.
    static const QRegularExpression date(QStringLiteral(
        "(?<![\\w./-])\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])(?![\\w/-])"));
    static const QRegularExpression origin(QStringLiteral("\\b(?:since|epoch)\\s*$"),
                                           QRegularExpression::CaseInsensitiveOption);
    // A figure: a number and its unit. Longer units first, so "min" is not read as "m".
    static const QRegularExpression figure(QStringLiteral(
        "(?<![\\w.,])\\d+(?:[.,]\\d+)*\\s?"
        "(?:min|ms|µs|us|ns|s|h|kHz|MHz|Hz|%|[kKMG]i?B(?:/s)?|B|×|x|°|dB|mm|cm|m|[A-Za-z_]+/s|"
        "tests?|runs?|reports?|steps|frames|rows|exchanges)(?![\\w])"));
    // A date that opens a list item or a table row, or stands in a heading.
    static const QRegularExpression entry(
        QStringLiteral("^\\s*(?:(?:[-*+]|\\d+[.)]|\\|)\\s*(?:\\*\\*|_)?|#{1,6}\\s.*)$"));

    const QString t = maskNonProse(markdown);
    QList<HistoryRef> refs;
    for (auto it = phrase.globalMatch(t); it.hasNext();) {
        const auto m = it.next();
        refs.append({lineAt(t, m.capturedStart()), m.captured().simplified(),
                     QStringLiteral("a fix or run log: say what the program does; the history "
                                    "belongs in the commit message (an open question stays, "
                                    "without a date)")});
    }

    // Blocks: runs of non-blank lines; a block whose last line ends with ':' runs on into the next
    // one (the table or list it introduces).
    struct Block
    {
        qsizetype start = 0, end = 0;
    };
    QList<Block> blocks;
    bool inBlock = false, runsOn = false;
    for (qsizetype i = 0; i <= t.size();) {
        qsizetype nl = t.indexOf(QLatin1Char('\n'), i);
        if (nl < 0)
            nl = t.size();
        const QString line = t.mid(i, nl - i).trimmed();
        if (line.isEmpty()) {
            inBlock = inBlock && runsOn;
        } else {
            if (!inBlock)
                blocks.append({i, nl});
            inBlock = true;
            blocks.last().end = nl;
            runsOn = line.endsWith(QLatin1Char(':'));
        }
        i = nl + 1;
    }
    auto blockOf = [&blocks](qsizetype at) {
        for (const Block &b : blocks)
            if (at >= b.start && at < b.end)
                return b;
        return Block{at, at};
    };

    for (auto it = date.globalMatch(t); it.hasNext();) {
        const auto m = it.next();
        const qsizetype at = m.capturedStart(), end = m.capturedEnd();
        const qsizetype before = std::max<qsizetype>(0, at - 12);
        if (origin.match(t.mid(before, at - before)).hasMatch())
            continue;
        const qsizetype lineStart = t.lastIndexOf(QLatin1Char('\n'), at - 1) + 1;
        if (entry.match(t.mid(lineStart, at - lineStart)).hasMatch()) {
            refs.append({lineAt(t, at), m.captured(),
                         QStringLiteral("a dated log entry: figures go to docs/measured.md with "
                                        "their date, history to the commit message")});
            continue;
        }
        const Block b = blockOf(at);
        bool dated = false;
        for (auto f = figure.globalMatch(t.mid(b.start, b.end - b.start)); f.hasNext() && !dated;) {
            const auto fm = f.next(); // a figure, not the date's own digits
            dated = b.start + fm.capturedEnd() <= at || b.start + fm.capturedStart() >= end;
        }
        if (dated)
            refs.append({lineAt(t, at), m.captured(),
                         QStringLiteral("a dated figure: it belongs in docs/measured.md with its "
                                        "date; quote it here without one")});
    }
    std::stable_sort(refs.begin(), refs.end(),
                     [](const HistoryRef &a, const HistoryRef &b) { return a.line < b.line; });
    return refs;
}

QStringList checkDatedLogs(const QString &file, const QString &markdown)
{
    QStringList problems;
    for (const HistoryRef &r : datedLogs(markdown))
        problems << QStringLiteral("%1:%2: \"%3\": %4").arg(file).arg(r.line).arg(r.text, r.why);
    return problems;
}

} // namespace docscheck
