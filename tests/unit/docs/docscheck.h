#pragma once
// Checks on the repository's markdown (README.md, docs/**/*.md), kept apart from tst_docs so that
// each check also runs on synthetic input. Pure functions over text; the file tree is reached
// through a DocTree, so a test can hand in files that exist only in memory.
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <functional>

namespace docscheck {

/// GitHub's anchor for a heading text: lower case; every character that is not a letter, a mark,
/// a digit, a space, '-' or '_' dropped; each space turned into '-'.
QString githubSlug(const QString &heading);

/// The anchors of every ATX heading (`#` .. `######`) of a markdown text, in order, outside
/// fenced and indented code; a repeated slug gets -1, -2, ... as on GitHub.
QStringList headingAnchors(const QString &markdown);

struct Link
{
    QString target; ///< as written: path, path#anchor or #anchor
    int line = 0;   ///< 1-based line of the link's start
    bool image = false;
};

/// The links of a markdown text that point into the repository: inline links and images
/// `[text](target)`, `![alt](target)`, and reference definitions `[ref]: target`. Links inside
/// code spans and code blocks, and absolute URLs (http:, https:, mailto:, any scheme) are left out.
QList<Link> relativeLinks(const QString &markdown);

/// The file tree the links point into.
struct DocTree
{
    std::function<bool(const QString &path)> exists; ///< file or folder
    std::function<QString(const QString &path)> read;
};
DocTree diskTree();
DocTree memoryTree(const QHash<QString, QString> &files); ///< keys: clean absolute paths

/// One problem per broken link of `file` (its text `markdown`): "file:line: target: why".
QStringList checkLinks(const QString &file, const QString &markdown, const DocTree &tree);

/// Number of lines of a text (a final newline does not start another line).
int lineCount(const QString &text);

/// The backticked ids in the first column of the first table under a heading "Troubleshooting".
QStringList troubleshootingIds(const QString &markdown);

/// The ids that occur in none of the sources as a string literal "id".
QStringList idsWithoutLiteral(const QStringList &ids, const QStringList &sources);

/// One place where a user page speaks of the program's development instead of the program.
struct HistoryRef
{
    int line = 0; ///< 1-based
    QString text; ///< the words that matched
    QString why;  ///< which rule
};

/// The development history a user page must not carry, outside code blocks, code spans and link
/// targets/URLs: issue references ("issue 12", "#12"), "task 3", 7-40 hex digit words with both a
/// digit and a letter (commit hashes; "0x.." values and "#rrggbb" colours are left alone), and
/// the phrases "this machine" and "sitting(s)".
QList<HistoryRef> historyReferences(const QString &markdown);

/// One problem per HistoryRef of `file`: "file:line: "text": why".
QStringList checkHistory(const QString &file, const QString &markdown);

/// The dated build and run logs a page other than docs/measured.md must not carry, outside code
/// blocks, code spans and link targets/URLs (each found once, in text order):
/// - the phrases "found and fixed" and "not yet understood", in any case, across line breaks;
/// - a date YYYY-MM-DD next to a figure: a number with a unit ("2 min", "40 s", "24 GiB",
///   "5,904×", "333 Hz", "200 exchanges"...) in the same block, a run of non-blank lines (a
///   paragraph, a list or a table; a paragraph whose last line ends with ':' runs on into the
///   block it introduces);
/// - a date that opens a list item or a table row, or stands in a heading (a log's entry).
/// Not a date of a log: one inside a longer name or stamp (a folder "2026-11-28_14-03-05", an
/// ISO stamp "2026-11-28T14:03:05Z": a letter, digit, '_', '-', '.' or '/' touches it), and the
/// origin of a time scale ("since 2015-01-01", "epoch 1970-01-01").
QList<HistoryRef> datedLogs(const QString &markdown);

/// One problem per datedLogs() finding of `file`: "file:line: "text": why".
QStringList checkDatedLogs(const QString &file, const QString &markdown);

} // namespace docscheck
