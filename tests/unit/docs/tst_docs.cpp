// The documentation holds together: every relative link and image of README.md and docs/**/*.md
// reaches a file, and every #anchor into a markdown file a heading (GitHub's slug rules); the
// README stays a newcomer's page (at most 150 lines); and the events table of
// docs/troubleshooting.md names only event ids that the code raises (a string literal in lib/, ui/
// or app/); and no page carries development history (issue numbers, commit hashes, "this machine",
// "sitting"). The checker (docscheck.*) is also run on synthetic files, to show it can fail.
//
// Dated build and run logs stay out of every page but docs/measured.md, where each figure is kept
// with its date, build and machine; other pages quote a figure without a date and link there.
// A page fails on (docscheck::datedLogs):
// - "found and fixed" or "not yet understood", in any case: a fix log or a dated puzzle (say what
//   the program does; an open question stays, without a date);
// - a date YYYY-MM-DD in the same block as a figure, a number with a unit ("2 min 52 s", "333 Hz",
//   "24 GiB", "5,904×"): a paragraph, list or table; a paragraph ending with ':' runs on into the
//   table or list it introduces, as in "Measured on 2 cores (2026-11-27):" over a table;
// - a date that opens a list item or a table row, or stands in a heading: a log's entry.
// Exceptions, because they are not logs:
// - a date inside a longer name or stamp: a session folder "2026-11-28_14-03-05", an ISO stamp
//   "2026-11-28T14:03:05Z" (a letter, digit, '_', '-', '.' or '/' touching the date);
// - the origin of a time scale: "since 2015-01-01" (MAVLink's signing timestamp), "epoch ...";
// - a date with no figure in its block (a source's version date, say);
// - code blocks, code spans, link targets and URLs (example output, anchors of measured.md).
#include "docscheck.h"
#include "testpaths.h"

#include <QDirIterator>
#include <QtTest>

using namespace docscheck;

namespace {

QString root()
{
    return hil::testpaths::sourceDir();
}
constexpr int kReadmeMaxLines = 150;

QString readFile(const QString &path)
{
    return diskTree().read(path);
}

/// README.md and every .md under docs/.
QStringList markdownFiles()
{
    QStringList files{root() + QStringLiteral("/README.md")};
    QDirIterator it(root() + QStringLiteral("/docs"), {QStringLiteral("*.md")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        files << QDir::cleanPath(it.next());
    files.sort();
    return files;
}

/// Every C++ source of lib/, ui/ and app/.
QStringList codeSources()
{
    QStringList texts;
    for (const char *dir : {"lib", "ui", "app"}) {
        QDirIterator it(root() + QLatin1Char('/') + QLatin1String(dir),
                        {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext())
            texts << readFile(it.next());
    }
    return texts;
}

} // namespace

class TestDocs : public QObject
{
    Q_OBJECT

private slots:
    // --- the checker, on synthetic input -------------------------------------------------------

    void slugRules_data()
    {
        QTest::addColumn<QString>("heading");
        QTest::addColumn<QString>("slug");
        QTest::newRow("words") << "Two commands"
                               << "two-commands";
        QTest::newRow("apostrophe") << "PX4 SITL's other MAVLink ports"
                                    << "px4-sitls-other-mavlink-ports";
        QTest::newRow("code span") << "`state.csv`"
                                   << "statecsv";
        QTest::newRow("arrow leaves two dashes") << "Actuators → RealFlight channels"
                                                 << "actuators--realflight-channels";
        QTest::newRow("underscore and dash kept") << "snake_case and-dash"
                                                  << "snake_case-and-dash";
        QTest::newRow("unicode letters kept") << "Übersicht 简体中文"
                                              << "übersicht-简体中文";
        QTest::newRow("punctuation dropped") << "Why a fixed 4 ms grid (issue 16)?"
                                             << "why-a-fixed-4-ms-grid-issue-16";
        QTest::newRow("link text only") << "See [the notes](docs/x.md)"
                                        << "see-the-notes";
    }
    void slugRules()
    {
        QFETCH(QString, heading);
        QFETCH(QString, slug);
        QCOMPARE(githubSlug(heading), slug);
    }

    void duplicateHeadingsGetSuffixes()
    {
        const QString md = QStringLiteral("# Foo\n\n## Foo\n\n```\n# Foo\n```\n\n### Foo ##\n");
        QCOMPARE(headingAnchors(md), (QStringList{"foo", "foo-1", "foo-2"}));
        const auto tree = memoryTree({{"/r/a.md", md + "[ok](#foo-2)\n[bad](#foo-3)\n"}});
        const QStringList problems = checkLinks("/r/a.md", tree.read("/r/a.md"), tree);
        QCOMPARE(problems.size(), 1);
        QVERIFY2(problems.first().contains("#foo-3"), qPrintable(problems.first()));
    }

    void catchesBrokenFileLink()
    {
        const auto tree = memoryTree({{"/r/README.md", "See [the notes](docs/missing.md).\n"},
                                      {"/r/docs/present.md", "# Present\n"}});
        const QStringList problems = checkLinks("/r/README.md", tree.read("/r/README.md"), tree);
        QCOMPARE(problems.size(), 1);
        QVERIFY(problems.first().startsWith("/r/README.md:1: docs/missing.md: no such file"));
        QVERIFY(checkLinks("/r/README.md", "[ok](docs/present.md) [folder](docs)", tree).isEmpty());
    }

    void catchesBrokenAnchor()
    {
        const auto tree =
            memoryTree({{"/r/docs/a.md", "# Page\n\n## The `state.csv` file\n"},
                        {"/r/docs/b.md", "[x](a.md#the-statecsv-file)\n[y](a.md#no-such)\n"
                                         "[z](#own)\n\n## Own\n[w](../docs/a.md#page)\n"}});
        const QStringList problems = checkLinks("/r/docs/b.md", tree.read("/r/docs/b.md"), tree);
        QCOMPARE(problems.size(), 1);
        QVERIFY2(problems.first().startsWith("/r/docs/b.md:2: a.md#no-such: no heading"),
                 qPrintable(problems.first()));
        QCOMPARE(checkLinks("/r/docs/c.md", "[self](#nothing)\n", tree).size(), 1);
    }

    void catchesBrokenImage()
    {
        const auto tree = memoryTree({{"/r/shot.png", "png"}});
        const QStringList problems =
            checkLinks("/r/README.md", "![ok](shot.png)\n![](missing.png)\n", tree);
        QCOMPARE(problems.size(), 1);
        QVERIFY2(problems.first().contains("image missing.png"), qPrintable(problems.first()));
    }

    void ignoresCodeAndAbsoluteLinks()
    {
        const QString md = QStringLiteral(
            "Text `[a](gone.md)` and ``[b](gone.md)``.\n\n```\n[c](gone.md)\n```\n\n"
            "    [d](gone.md) indented code\n\n[e](https://example.org/x) [f](mailto:a@b.c)\n"
            "- item\n\n    [g](also-gone.md) continues the list item\n"
            "A link [over\ntwo lines](gone-too.md).\n");
        const auto links = relativeLinks(md);
        QCOMPARE(links.size(), 2);
        QCOMPARE(links.at(0).target, QStringLiteral("also-gone.md"));
        QCOMPARE(links.at(1).target, QStringLiteral("gone-too.md"));
        QCOMPARE(links.at(1).line, 13);
    }

    void countsLines()
    {
        QCOMPARE(lineCount(""), 0);
        QCOMPARE(lineCount("a\nb\n"), 2);
        QCOMPARE(lineCount("a\nb"), 2);
    }

    void catchesUnknownEventId()
    {
        const QString md = QStringLiteral("## Troubleshooting\n\nText.\n\n"
                                          "| event | meaning | what to do |\n| --- | --- | --- |\n"
                                          "| `raven.stop` | STOP | pick a mode |\n"
                                          "| `nope.never_raised` | - | - |\n\nAfter.\n");
        const QStringList ids = troubleshootingIds(md);
        QCOMPARE(ids, (QStringList{"raven.stop", "nope.never_raised"}));
        const QStringList sources{"raiseEvent(QStringLiteral(\"raven.stop\"), ...);",
                                  "// nope.never_raised is only a comment here"};
        QCOMPARE(idsWithoutLiteral(ids, sources), QStringList{"nope.never_raised"});
    }

    void catchesHistory()
    {
        const QString md =
            QStringLiteral("Fixed in issue 12 (see #7), task 3.\n"               // 1: three
                           "Before (36c2a1e) and after 5cbacda0, one sitting.\n" // 2: three
                           "Measured on this 2-core machine.\n"                  // 3: one
                           "Colour #ff00aa, value 0xdeadbeef1, 1234567893, a facade.\n"
                           "Code `git checkout 36c2a1e` and [a link](https://x.org/issues/12#7).\n"
                           "[upstream commit](https://github.com/a/b/commit/40606fe1)\n"
                           "\n```\nfffefffe 02aa 00000003 f1\n#12 issue 4 this machine\n```\n"
                           "[rel](other.md#issue-16)\n\n"
                           "    indented code: 61e5cf0 issue 5\n");
        const auto refs = historyReferences(md);
        QStringList seen;
        for (const auto &r : refs)
            seen << QStringLiteral("%1 %2").arg(r.line).arg(r.text);
        QCOMPARE(seen, (QStringList{"1 issue 12", "1 #7", "1 task 3", "2 36c2a1e", "2 5cbacda0",
                                    "2 sitting", "3 this 2-core machine"}));
        const QStringList problems = checkHistory("/r/docs/a.md", md);
        QCOMPARE(problems.size(), 7);
        QVERIFY2(problems.at(3).startsWith("/r/docs/a.md:2: \"36c2a1e\": a commit hash"),
                 qPrintable(problems.at(3)));
        QVERIFY(checkHistory("/r/docs/b.md", "A quad X with 4 motors at 250 Hz.\n").isEmpty());
    }

    void catchesDatedLogs()
    {
        const QString bad = QStringLiteral(
            "Times on 2 cores (2026-11-25): `make windows-test` 2 min 52 s.\n" // 1: figure
            "\n"
            "Measured on a 2-core machine (2026-11-27; Wine figures):\n" // 3: table below
            "\n"
            "| | rate |\n| --- | --- |\n| idle | 215 exchanges/s |\n"
            "\n"
            "- 2026-11-24: the linker switched to gold\n" // 9: list entry
            "\n"
            "## The lab, 2026-11-26\n" // 11: heading
            "\n"
            "| 2026-11-23 | before |\n| --- | --- |\n" // 13: table row
            "\n"
            "Found and fixed: an overflow. Why PX4 climbs is not yet\n" // 16: two phrases
            "understood.\n");
        QStringList seen;
        for (const auto &r : datedLogs(bad))
            seen << QStringLiteral("%1 %2").arg(r.line).arg(r.text);
        QCOMPARE(seen,
                 (QStringList{"1 2026-11-25", "3 2026-11-27", "9 2026-11-24", "11 2026-11-26",
                              "13 2026-11-23", "16 Found and fixed", "16 not yet understood"}));
        const QStringList problems = checkDatedLogs("/r/docs/a.md", bad);
        QCOMPARE(problems.size(), 7);
        QVERIFY2(problems.first().startsWith("/r/docs/a.md:1: \"2026-11-25\": a dated figure"),
                 qPrintable(problems.first()));

        const QString good = QStringLiteral(
            "Timestamp in units of 10 µs since 2015-01-01 00:00 UTC.\n"
            "A folder such as 2026-11-28_14-03-05 holds 5 files of 2 MB.\n"
            "Stamped 2026-11-28T14:03:05Z at 250 Hz.\n"
            "Run `make test (2026-11-27: 505 s)`; [5 s](measured.md#lab-2026-11-26).\n"
            "\n```\n2026-11-27 21:31 took 7 min 11 s\n```\n"
            "\n"
            "PX4 main of 2025-08-01, a source's version date.\n"
            "\n"
            "The next paragraph's figure is not this date's: 2026-11-27.\n"
            "\n"
            "It took 40 s.\n");
        QVERIFY2(checkDatedLogs("/r/docs/b.md", good).isEmpty(),
                 qPrintable(checkDatedLogs("/r/docs/b.md", good).join(QLatin1Char('\n'))));
    }

    // --- the repository's documentation ----------------------------------------------------------

    void linksAndAnchorsResolve()
    {
        const QStringList files = markdownFiles();
        QVERIFY(files.size() > 10);
        QStringList problems;
        for (const QString &f : files)
            problems << checkLinks(f, readFile(f), diskTree());
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    // README.md and docs/ speak of the program, not of how it was made: no issue or task numbers,
    // no commit hashes, no "this machine" or "sitting" (figures carry a date and a version).
    void noDevelopmentHistory()
    {
        QStringList problems;
        for (const QString &f : markdownFiles())
            problems << checkHistory(QDir(root()).relativeFilePath(f), readFile(f));
        for (const QString &p : problems) // one line each: QVERIFY2's message is cut short
            qWarning().noquote() << p;
        QVERIFY2(problems.isEmpty(),
                 qPrintable(QStringLiteral("%1 places of development history, listed above")
                                .arg(problems.size())));
    }

    // Every page but docs/measured.md: no dated build or run logs (the rule and its exceptions are
    // at the top of this file).
    void noDatedLogs()
    {
        QStringList problems;
        for (const QString &f : markdownFiles()) {
            const QString rel = QDir(root()).relativeFilePath(f);
            if (rel != QLatin1String("docs/measured.md"))
                problems << checkDatedLogs(rel, readFile(f));
        }
        for (const QString &p : problems) // one line each: QVERIFY2's message is cut short
            qWarning().noquote() << p;
        QVERIFY2(problems.isEmpty(),
                 qPrintable(QStringLiteral("%1 dated logs outside docs/measured.md, listed above")
                                .arg(problems.size())));
    }

    void readmeIsShort()
    {
        const int lines = lineCount(readFile(root() + QStringLiteral("/README.md")));
        QVERIFY2(lines > 0 && lines <= kReadmeMaxLines,
                 qPrintable(QStringLiteral("README.md has %1 lines, at most %2")
                                .arg(lines)
                                .arg(kReadmeMaxLines)));
    }

    void troubleshootingNamesRaisedEvents()
    {
        const QStringList ids =
            troubleshootingIds(readFile(root() + QStringLiteral("/docs/troubleshooting.md")));
        QVERIFY2(ids.size() >= 20, qPrintable(ids.join(QLatin1Char(' '))));
        const QStringList unknown = idsWithoutLiteral(ids, codeSources());
        QVERIFY2(unknown.isEmpty(),
                 qPrintable(QStringLiteral("not raised anywhere in lib/, ui/, app/: ") +
                            unknown.join(QStringLiteral(", "))));
    }
};

QTEST_GUILESS_MAIN(TestDocs)
#include "tst_docs.moc"
