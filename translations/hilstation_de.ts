<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>hil::HistogramChart</name>
    <message>
        <source>%1 — no samples</source>
        <translation>%1 — keine Werte</translation>
    </message>
    <message>
        <source>%1&lt;br&gt;median %2, p99 %3, max %4 %5 (n = %6)</source>
        <translation>%1&lt;br&gt;Median %2, p99 %3, Max. %4 %5 (n = %6)</translation>
    </message>
</context>
<context>
    <name>hil::LinkStyle</name>
    <message>
        <source>up</source>
        <translation>verbunden</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>verbindet</translation>
    </message>
    <message>
        <source>down</source>
        <translation>unterbrochen</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>gestoppt</translation>
    </message>
    <message>
        <source>not running</source>
        <translation>läuft nicht</translation>
    </message>
    <message>
        <source>Motion platform</source>
        <translation>Bewegungsplattform</translation>
    </message>
</context>
<context>
    <name>hil::LinksPanel</name>
    <message>
        <source>Link</source>
        <translation>Verbindung</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Rate</source>
        <translation>Rate</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Last event</source>
        <translation>Letztes Ereignis</translation>
    </message>
    <message>
        <source>Emulator</source>
        <translation>Emulator</translation>
    </message>
    <message>
        <source>Links</source>
        <translation>Verbindungen</translation>
    </message>
    <message>
        <source>host:port</source>
        <translation>Host:Port</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>Verbinden</translation>
    </message>
    <message>
        <source>Run the built-in emulator of this peer on 127.0.0.1</source>
        <translation>Den eingebauten Emulator dieser Gegenstelle auf 127.0.0.1 starten</translation>
    </message>
    <message>
        <source>%1: emulators are started from the command line (--emulate) in this version</source>
        <translation>%1: Emulatoren werden in dieser Version über die Kommandozeile (--emulate) gestartet</translation>
    </message>
    <message>
        <source>%1: connecting from the window is not available yet; use the command line</source>
        <translation>%1: Verbinden aus dem Fenster ist noch nicht verfügbar; bitte die Kommandozeile verwenden</translation>
    </message>
    <message>
        <source>%1 Hz</source>
        <translation>%1 Hz</translation>
    </message>
    <message>
        <source>Disconnect</source>
        <translation>Trennen</translation>
    </message>
</context>
<context>
    <name>hil::MainWindow</name>
    <message>
        <source>HIL Station</source>
        <translation>HIL Station</translation>
    </message>
    <message>
        <source>Session: %1</source>
        <translation>Sitzung: %1</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Haupt</translation>
    </message>
    <message>
        <source>STOP</source>
        <translation>STOPP</translation>
    </message>
    <message>
        <source>Stop the motion platform: zero the cues and brake (Esc)</source>
        <translation>Bewegungsplattform anhalten: Vorgaben auf null und bremsen (Esc)</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Reset layout</source>
        <translation>Anordnung &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Systemvorgabe</translation>
    </message>
    <message>
        <source>The language changes at the next start.</source>
        <translation>Die Sprache wechselt beim nächsten Start.</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About HIL Station</source>
        <translation>&amp;Über HIL Station</translation>
    </message>
    <message>
        <source>About HIL Station</source>
        <translation>Über HIL Station</translation>
    </message>
    <message>
        <source>&lt;b&gt;HIL Station&lt;/b&gt; %1&lt;br&gt;RealFlight, PX4, motion platform and RflySim in one loop.&lt;br&gt;&lt;br&gt;STOP: Esc</source>
        <translation>&lt;b&gt;HIL Station&lt;/b&gt; %1&lt;br&gt;RealFlight, PX4, Bewegungsplattform und RflySim in einer Schleife.&lt;br&gt;&lt;br&gt;STOPP: Esc</translation>
    </message>
    <message>
        <source>No links running</source>
        <translation>Keine Verbindung aktiv</translation>
    </message>
    <message>
        <source>%1: not an address: %2</source>
        <translation>%1: keine Adresse: %2</translation>
    </message>
</context>
<context>
    <name>hil::PlotsPanel</name>
    <message>
        <source>Telemetry plots</source>
        <translation>Telemetrie-Diagramme</translation>
    </message>
    <message>
        <source>Signal</source>
        <translation>Signal</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Show in plot %1</source>
        <translation>In Diagramm %1 zeigen</translation>
    </message>
    <message>
        <source>Plots: </source>
        <translation>Diagramme: </translation>
    </message>
    <message>
        <source>10 s</source>
        <translation>10 s</translation>
    </message>
    <message>
        <source>30 s</source>
        <translation>30 s</translation>
    </message>
    <message>
        <source>1 min</source>
        <translation>1 min</translation>
    </message>
    <message>
        <source>2 min</source>
        <translation>2 min</translation>
    </message>
    <message>
        <source>5 min</source>
        <translation>5 min</translation>
    </message>
    <message>
        <source>10 min</source>
        <translation>10 min</translation>
    </message>
    <message>
        <source>Unlimited</source>
        <translation>Unbegrenzt</translation>
    </message>
    <message>
        <source>Visible time span</source>
        <translation>Sichtbarer Zeitraum</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Freeze the view; drag and zoom to browse</source>
        <translation>Ansicht einfrieren; zum Blättern ziehen und zoomen</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Auto-scale</source>
        <translation>Autoskalierung</translation>
    </message>
    <message>
        <source>Fit each plot&apos;s value axis to its data</source>
        <translation>Die Werteachse jedes Diagramms an seine Daten anpassen</translation>
    </message>
    <message>
        <source>PNG…</source>
        <translation>PNG…</translation>
    </message>
    <message>
        <source>Save the plots as an image</source>
        <translation>Diagramme als Bild speichern</translation>
    </message>
    <message>
        <source>CSV…</source>
        <translation>CSV…</translation>
    </message>
    <message>
        <source>Save the visible data as CSV</source>
        <translation>Sichtbare Daten als CSV speichern</translation>
    </message>
    <message>
        <source>Move the mouse over a plot to read values</source>
        <translation>Maus über ein Diagramm bewegen, um Werte abzulesen</translation>
    </message>
    <message>
        <source>time (s)</source>
        <translation>Zeit (s)</translation>
    </message>
    <message>
        <source>t = %1 s</source>
        <translation>t = %1 s</translation>
    </message>
    <message>
        <source>Export plots as PNG</source>
        <translation>Diagramme als PNG exportieren</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <source>Could not write %1</source>
        <translation>%1 konnte nicht geschrieben werden</translation>
    </message>
    <message>
        <source>Export visible data as CSV</source>
        <translation>Sichtbare Daten als CSV exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>hil::ReplayPanel</name>
    <message>
        <source>Open session...</source>
        <translation>Sitzung öffnen...</translation>
    </message>
    <message>
        <source>Open .tlog...</source>
        <translation>.tlog öffnen...</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Abspielen</translation>
    </message>
    <message>
        <source>Loop</source>
        <translation>Schleife</translation>
    </message>
    <message>
        <source>Replay into the motion platform</source>
        <translation>Wiedergabe auf die Bewegungsplattform</translation>
    </message>
    <message>
        <source>Export CSV...</source>
        <translation>CSV exportieren...</translation>
    </message>
    <message>
        <source>Send the replayed flight to the motion platform instead of the live simulator; the platform&apos;s ramps, watchdog and STOP still apply</source>
        <translation>Den wiedergegebenen Flug statt des laufenden Simulators an die Bewegungsplattform senden; Rampen, Watchdog und STOP der Plattform gelten weiterhin</translation>
    </message>
    <message>
        <source>columns, e.g. position/n, attitude/roll (empty: all)</source>
        <translation>Spalten, z. B. position/n, attitude/roll (leer: alle)</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>The platform will move with the recorded flight. Is it clear and is the operator ready to press STOP?</source>
        <translation>Die Plattform bewegt sich mit dem aufgezeichneten Flug. Ist sie frei und ist der Bediener bereit, STOP zu drücken?</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <source>to</source>
        <translation>bis</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>Wiedergabe</translation>
    </message>
    <message>
        <source>Open a session folder</source>
        <translation>Sitzungsordner öffnen</translation>
    </message>
    <message>
        <source>Open a telemetry log</source>
        <translation>Telemetrie-Log öffnen</translation>
    </message>
    <message>
        <source>MAVLink telemetry logs (*.tlog);;State tables (*.csv)</source>
        <translation>MAVLink-Telemetrie-Logs (*.tlog);;Zustandstabellen (*.csv)</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>nothing open</source>
        <translation>nichts geöffnet</translation>
    </message>
    <message>
        <source>Export to CSV</source>
        <translation>Als CSV exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>Export fehlgeschlagen: %1</translation>
    </message>
</context>
<context>
    <name>hil::SessionPanel</name>
    <message>
        <source>Open folder</source>
        <translation>Ordner öffnen</translation>
    </message>
    <message>
        <source>Could not open %1</source>
        <translation>%1 konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Ereignis</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>Sitzung</translation>
    </message>
    <message>
        <source>New session</source>
        <translation>Neue Sitzung</translation>
    </message>
    <message>
        <source>Finish this session folder and record on in a new one</source>
        <translation>Diesen Sitzungsordner abschließen und in einem neuen weiter aufzeichnen</translation>
    </message>
    <message>
        <source>not recording</source>
        <translation>keine Aufzeichnung</translation>
    </message>
    <message>
        <source>dropped %1, write errors %2</source>
        <translation>verworfen %1, Schreibfehler %2</translation>
    </message>
</context>
<context>
    <name>hil::StatsPanel</name>
    <message>
        <source>last </source>
        <translation>letzte </translation>
    </message>
    <message>
        <source> samples</source>
        <translation> Werte</translation>
    </message>
    <message>
        <source> bins</source>
        <translation> Klassen</translation>
    </message>
    <message>
        <source>No link publishes a distribution yet.</source>
        <translation>Noch keine Verbindung liefert eine Verteilung.</translation>
    </message>
    <message>
        <source>Link statistics</source>
        <translation>Verbindungsstatistik</translation>
    </message>
</context>
</TS>
