<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>EventText</name>
    <message>
        <source>platform answered</source>
        <translation>Plattform antwortet</translation>
    </message>
    <message>
        <source>requesting unattended mode %1 (--raven-mode)</source>
        <translation>Fordere unbeaufsichtigten Modus %1 an (--raven-mode)</translation>
    </message>
    <message>
        <source>platform mode %1</source>
        <translation>Plattformmodus %1</translation>
    </message>
    <message>
        <source>platform overheat protection</source>
        <translation>Plattform: Überhitzungsschutz</translation>
    </message>
    <message>
        <source>platform temperature normal again</source>
        <translation>Plattformtemperatur wieder normal</translation>
    </message>
    <message>
        <source>motor %1 OK</source>
        <translation>Motor %1 in Ordnung</translation>
    </message>
    <message>
        <source>motor %1 fault</source>
        <translation>Motor %1 gestört</translation>
    </message>
    <message>
        <source>simulator state fresh: cues ramping in over %1 s</source>
        <translation>Simulatorzustand aktuell: Bewegung blendet über %1 s ein</translation>
    </message>
    <message>
        <source>watchdog: simulator stalled or paused, cues ramping to zero</source>
        <translation>Watchdog: Simulator steht oder pausiert, Bewegung fährt auf null</translation>
    </message>
    <message>
        <source>watchdog: simulator state older than %1 ms, cues ramping to zero</source>
        <translation>Watchdog: Simulatorzustand älter als %1 ms, Bewegung fährt auf null</translation>
    </message>
    <message>
        <source>exit: cues ramping to neutral within %1 s, then %2</source>
        <translation>Beenden: Bewegung fährt in %1 s auf neutral, dann %2</translation>
    </message>
    <message>
        <source>exit: cues neutral, requesting %1</source>
        <translation>Beenden: Bewegung neutral, fordere %1 an</translation>
    </message>
    <message>
        <source>exit: platform parked in %1</source>
        <translation>Beenden: Plattform in %1 geparkt</translation>
    </message>
    <message>
        <source>exit: cues neutral; platform shows %1, no mode requested</source>
        <translation>Beenden: Bewegung neutral; Plattform zeigt %1, kein Modus angefordert</translation>
    </message>
    <message>
        <source>exit: platform did not show %3 within %1 s (shows %2)</source>
        <translation>Beenden: Plattform zeigt nach %1 s nicht %3 (zeigt %2)</translation>
    </message>
    <message>
        <source>platform silent for %1 ms: link down, still listening</source>
        <translation>Plattform seit %1 ms stumm: Verbindung unterbrochen, warte weiter</translation>
    </message>
    <message>
        <source>platform did not take mode %1 within 1 s (shows %2)</source>
        <translation>Plattform hat Modus %1 nicht binnen 1 s übernommen (zeigt %2)</translation>
    </message>
    <message>
        <source>STOP released by operator</source>
        <translation>STOPP vom Bediener aufgehoben</translation>
    </message>
    <message>
        <source>operator requests mode %1</source>
        <translation>Bediener fordert Modus %1 an</translation>
    </message>
    <message>
        <source>STOP: cues zeroed, requesting %1</source>
        <translation>STOPP: Bewegung genullt, fordere %1 an</translation>
    </message>
    <message>
        <source>listening for PX4 on %1:%2</source>
        <translation>Warte auf PX4 an %1:%2</translation>
    </message>
    <message>
        <source>PX4 connected from %1</source>
        <translation>PX4 verbunden von %1</translation>
    </message>
    <message>
        <source>PX4 disconnected; listening again</source>
        <translation>PX4 getrennt; warte erneut</translation>
    </message>
    <message>
        <source>PX4 armed</source>
        <translation>PX4 scharfgeschaltet</translation>
    </message>
    <message>
        <source>PX4 disarmed</source>
        <translation>PX4 entschärft</translation>
    </message>
    <message>
        <source>PX4 not answering in lockstep (step at %1 µs unanswered for %2 ms); stepping on without its answer</source>
        <translation>PX4 antwortet nicht im Gleichschritt (Schritt bei %1 µs seit %2 ms offen); weiter ohne Antwort</translation>
    </message>
    <message>
        <source>recording interrupted: %1</source>
        <translation>Aufzeichnung unterbrochen: %1</translation>
    </message>
    <message>
        <source>recording resumed in %1 (%2 records lost; cause: %3)</source>
        <translation>Aufzeichnung fortgesetzt in %1 (%2 Datensätze verloren; Ursache: %3)</translation>
    </message>
    <message>
        <source>STOP pressed: no motion link is running</source>
        <translation>STOPP gedrückt: keine Verbindung zur Bewegungsplattform aktiv</translation>
    </message>
    <message>
        <source>exit: %1; closing the links</source>
        <translation>Beenden: %1; Verbindungen werden geschlossen</translation>
    </message>
    <message>
        <source>exit: %1; closing the links anyway</source>
        <translation>Beenden: %1; Verbindungen werden trotzdem geschlossen</translation>
    </message>
    <message>
        <source>link %1</source>
        <translation>Verbindung: %1</translation>
    </message>
    <message>
        <source>RealFlight physics stalled (no progress for %1 ms): frames marked stale</source>
        <translation>RealFlight-Physik steht (seit %1 ms kein Fortschritt): Daten als veraltet markiert</translation>
    </message>
    <message>
        <source>RealFlight physics running again</source>
        <translation>RealFlight-Physik läuft wieder</translation>
    </message>
    <message>
        <source>controller restored to the transmitter</source>
        <translation>Steuerung an den Sender zurückgegeben</translation>
    </message>
    <message>
        <source>could not restore the transmitter (RealFlight not answering)</source>
        <translation>Sender konnte nicht wiederhergestellt werden (RealFlight antwortet nicht)</translation>
    </message>
    <message>
        <source>replay loaded %1: %2 frames, %3 s</source>
        <translation>Wiedergabe geladen %1: %2 Datensätze, %3 s</translation>
    </message>
    <message>
        <source>cannot replay: %1</source>
        <translation>Wiedergabe nicht möglich: %1</translation>
    </message>
    <message>
        <source>replay reached the end</source>
        <translation>Wiedergabe am Ende angekommen</translation>
    </message>
    <message>
        <source>loading the replay of %1 cancelled</source>
        <translation>Laden der Wiedergabe von %1 abgebrochen</translation>
    </message>
    <message>
        <source>PX4 serial port %1 open at %2 bit/s (HITL: not lockstep)</source>
        <translation>Serielle PX4-Schnittstelle %1 offen mit %2 bit/s (HITL: kein Gleichschritt)</translation>
    </message>
    <message>
        <source>PX4 serial port %1 lost (%2); opening it again when it returns</source>
        <translation>Serielle PX4-Schnittstelle %1 verloren (%2); wird wieder geöffnet, sobald sie zurück ist</translation>
    </message>
    <message>
        <source>PX4 serial port %1: no such device (is the board plugged in and powered?); trying again</source>
        <translation>Serielle PX4-Schnittstelle %1: Gerät nicht vorhanden (ist die Platine eingesteckt und versorgt?); neuer Versuch</translation>
    </message>
    <message>
        <source>PX4 serial port %1: permission denied (group %2, mode %3): add your user to the dialout group (sudo usermod -aG dialout $USER), then log in again</source>
        <translation>Serielle PX4-Schnittstelle %1: Zugriff verweigert (Gruppe %2, Modus %3): Benutzer der Gruppe dialout hinzufügen (sudo usermod -aG dialout $USER), dann neu anmelden</translation>
    </message>
    <message>
        <source>PX4 serial port %1 is in use by another program</source>
        <translation>Serielle PX4-Schnittstelle %1 wird von einem anderen Programm benutzt</translation>
    </message>
    <message>
        <source>PX4 serial port %1 is in use: process %2 holds its lock file %3</source>
        <translation>Serielle PX4-Schnittstelle %1 ist belegt: Prozess %2 hält ihre Sperrdatei %3</translation>
    </message>
    <message>
        <source>PX4 serial port %1: cannot open: %2</source>
        <translation>Serielle PX4-Schnittstelle %1: lässt sich nicht öffnen: %2</translation>
    </message>
    <message>
        <source>forwarding PX4&apos;s serial stream to UDP %1 (from port %2)</source>
        <translation>PX4-Datenstrom der seriellen Schnittstelle wird an UDP %1 weitergeleitet (von Port %2)</translation>
    </message>
    <message>
        <source>actuators flowing: HITL (PX4&apos;s own clock, not lockstep)</source>
        <translation>Aktuatoren fließen: HITL (eigene Uhr von PX4, kein Gleichschritt)</translation>
    </message>
    <message>
        <source>loop healthy for %1 s: cues ramping in over %2 s</source>
        <translation>Regelkreis seit %1 s in Ordnung: Bewegungsreize fahren über %2 s wieder hoch</translation>
    </message>
    <message>
        <source>STOP from the pilot&apos;s button (%1)</source>
        <translation>STOPP über die Taste des Piloten (%1)</translation>
    </message>
    <message>
        <source>enabling button released: cues ramping to zero, STOP after %1 s</source>
        <translation>Zustimmtaste losgelassen: Bewegungsreize werden auf null geführt, STOPP nach %1 s</translation>
    </message>
    <message>
        <source>the enabling button&apos;s device is lost: cues ramping to zero, STOP after %1 s</source>
        <translation>Gerät der Zustimmtaste verloren: Bewegungsreize werden auf null geführt, STOPP nach %1 s</translation>
    </message>
    <message>
        <source>enabling button held: cues may ramp in</source>
        <translation>Zustimmtaste gehalten: Bewegungsreize dürfen einblenden</translation>
    </message>
    <message>
        <source>enabling button released for more than %1 s: STOP</source>
        <translation>Zustimmtaste länger als %1 s losgelassen: STOPP</translation>
    </message>
    <message>
        <source>waiting for the pilot&apos;s device %1: none is there yet</source>
        <translation>warte auf das Pilotengerät %1: noch keines vorhanden</translation>
    </message>
    <message>
        <source>a transmitter sample from %1 has values outside -1..1; such samples are dropped</source>
        <translation>ein Sender-Messwert von %1 hat Werte außerhalb -1..1; solche Messwerte werden verworfen</translation>
    </message>
    <message>
        <source>the pilot flies with %1 (%2)</source>
        <translation>Pilot fliegt mit %1 (%2)</translation>
    </message>
    <message>
        <source>the pilot&apos;s %1 is back (%2)</source>
        <translation>Pilotengerät %1 ist wieder da (%2)</translation>
    </message>
    <message>
        <source>the pilot&apos;s %1 lost (%2): the sticks are no longer used</source>
        <translation>Pilotengerät %1 verloren (%2): die Knüppel werden nicht mehr verwendet</translation>
    </message>
    <message>
        <source>platform firmware %1 rev %2 (%3-%4-%5)</source>
        <translation>Plattform-Firmware %1 Rev. %2 (%3-%4-%5)</translation>
    </message>
    <message>
        <source>CUEING confirmed with the seat empty (procedure step 2)</source>
        <translation>CUEING bestätigt, Sitz leer (Ablauf Schritt 2)</translation>
    </message>
    <message>
        <source>CUEING confirmed with a rider strapped in at master gain %1 (procedure step 5)</source>
        <translation>CUEING bestätigt, Fahrgast angeschnallt, Gesamtverstärkung %1 (Ablauf Schritt 5)</translation>
    </message>
    <message>
        <source>RealFlight flown from the pilot&apos;s device (%1)</source>
        <translation>RealFlight wird vom Eingabegerät des Piloten geflogen (%1)</translation>
    </message>
    <message>
        <source>RealFlight no longer flown from the pilot&apos;s device</source>
        <translation>RealFlight wird nicht mehr vom Eingabegerät des Piloten geflogen</translation>
    </message>
    <message>
        <source>%1 (%2) unplugged: its controls are left out until it is back</source>
        <translation>%1 (%2) ausgesteckt: seine Steuerwerte fallen weg, bis es wieder da ist</translation>
    </message>
    <message>
        <source>%1 is not used: its set-up was left before Finish and it has no calibration; run the set-up again</source>
        <translation>%1 wird nicht verwendet: seine Einrichtung wurde vor „Fertig“ verlassen und es hat keine Kalibrierung; die Einrichtung erneut durchführen</translation>
    </message>
    <message>
        <source>transport delay: %1 steps of %2 on %3</source>
        <translation>Transportverzögerung: %1 Sprünge von %2 auf %3</translation>
    </message>
    <message>
        <source>transport delay: median %2 ms, max %3 ms over %1 steps</source>
        <translation>Transportverzögerung: Median %2 ms, Maximum %3 ms über %1 Sprünge</translation>
    </message>
    <message>
        <source>transport delay refused (reason: %1)</source>
        <translation>Transportverzögerung abgelehnt (Grund: %1)</translation>
    </message>
    <message>
        <source>transport delay stopped after %2 steps (reason: %1)</source>
        <translation>Transportverzögerung nach %2 Sprüngen abgebrochen (Grund: %1)</translation>
    </message>
    <message>
        <source>transport-delay steps confirmed with the seat empty (procedure step 2)</source>
        <translation>Sprünge der Transportverzögerung bestätigt, Sitz leer (Ablauf Schritt 2)</translation>
    </message>
    <message>
        <source>Lower the master gain, or this axis&apos;s gain in the cueing settings; the dry run shows where the platform runs out of travel.</source>
        <translation>Senken Sie die Gesamtverstärkung oder die Verstärkung dieser Achse in den Reizeinstellungen; die Probefahrt zeigt, wo der Plattform der Weg ausgeht.</translation>
    </message>
    <message>
        <source>Reset the aircraft in RealFlight: it crashed or left the world, and no cue is made of such data.</source>
        <translation>Setzen Sie das Luftfahrzeug in RealFlight zurück: es ist abgestürzt oder hat die Welt verlassen, und aus solchen Daten entsteht kein Bewegungsreiz.</translation>
    </message>
    <message>
        <source>loop degraded: %1; cues held at neutral, back after %2 s without a problem</source>
        <translation>Regelkreis gestört: %1; Bewegungsreize neutral gehalten, zurück nach %2 s ohne Problem</translation>
    </message>
    <message>
        <source>STOP from the lab&apos;s instructor %1</source>
        <translation>STOPP vom Laborleiter %1</translation>
    </message>
    <message>
        <source>STOP from a command (hilstation --send stop)</source>
        <translation>STOPP durch einen Befehl (hilstation --send stop)</translation>
    </message>
    <message>
        <source>quit asked by a command (hilstation --send quit): parking, then exit</source>
        <translation>Beenden durch einen Befehl (hilstation --send quit): Parken, dann Ende</translation>
    </message>
    <message>
        <source>axis check passed on every axis: simulator cues ramping in over %1 s</source>
        <translation>Achsprüfung auf allen Achsen bestanden: Simulatorreize blenden über %1 s ein</translation>
    </message>
    <message>
        <source>no such platform mode: %1; nothing asked</source>
        <translation>kein solcher Plattformmodus: %1; nichts angefordert</translation>
    </message>
    <message>
        <source>cueing settings applied: frame %1, master gain %2</source>
        <translation>Reizeinstellungen übernommen: Rahmen %1, Gesamtverstärkung %2</translation>
    </message>
    <message>
        <source>PX4 flight mode: %1</source>
        <translation>PX4-Flugmodus: %1</translation>
    </message>
    <message>
        <source>PX4 accepted %1: %2</source>
        <translation>PX4 hat %1 angenommen: %2</translation>
    </message>
    <message>
        <source>PX4 refused %1: %2</source>
        <translation>PX4 hat %1 abgelehnt: %2</translation>
    </message>
    <message>
        <source>PX4 did not answer %1: %2</source>
        <translation>PX4 hat auf %1 nicht geantwortet: %2</translation>
    </message>
    <message>
        <source>connected to the lab&apos;s broker %1 as rig %2</source>
        <translation>mit dem Labor-Broker %1 als Anlage %2 verbunden</translation>
    </message>
    <message>
        <source>lost the lab&apos;s broker %1 (%2); reconnecting</source>
        <translation>Labor-Broker %1 verloren (%2); verbinde neu</translation>
    </message>
    <message>
        <source>cannot reach the lab&apos;s broker %1 (%2); retrying</source>
        <translation>Labor-Broker %1 nicht erreichbar (%2); versuche erneut</translation>
    </message>
    <message>
        <source>the lab&apos;s broker %1 is reached without TLS: user name, password and STOP travel in clear text</source>
        <translation>der Labor-Broker %1 wird ohne TLS erreicht: Benutzername, Passwort und STOPP gehen im Klartext</translation>
    </message>
    <message>
        <source>a lab command was refused (%1); further ones are only counted</source>
        <translation>ein Laborbefehl wurde abgelehnt (%1); weitere werden nur gezählt</translation>
    </message>
    <message>
        <source>Open the report and do what it says beside each failed check, then run the rig check again.</source>
        <translation>Den Bericht öffnen und tun, was bei jeder fehlgeschlagenen Prüfung steht; dann die Prüfstandsprüfung erneut ausführen.</translation>
    </message>
    <message>
        <source>Press STOP, help the rider off, then check the platform with the vendor&apos;s tools.</source>
        <translation>STOPP drücken, dem Fahrgast aus dem Sitz helfen, dann die Plattform mit den Werkzeugen des Herstellers prüfen.</translation>
    </message>
    <message>
        <source>Check the platform by hand before the rider leaves it.</source>
        <translation>Die Plattform von Hand prüfen, bevor der Fahrgast sie verlässt.</translation>
    </message>
    <message>
        <source>Look at the platform&apos;s mode, motors and temperature in the Motion panel: a platform with a motor fault or in overheat protection may not take the mode.</source>
        <translation>Modus, Motoren und Temperatur der Plattform im Bereich Plattform ansehen: eine Plattform mit Motorstörung oder im Überhitzungsschutz übernimmt den Modus womöglich nicht.</translation>
    </message>
    <message>
        <source>When it is safe to go on, pick a mode in the Motion panel.</source>
        <translation>Wenn es sicher weitergehen kann, im Bereich Plattform einen Modus wählen.</translation>
    </message>
    <message>
        <source>Plug the device in again (for RealFlight&apos;s transmitter: restart its simulation); use the window&apos;s STOP meanwhile.</source>
        <translation>Das Gerät wieder einstecken (beim Sender von RealFlight: dessen Simulation neu starten); bis dahin den STOPP des Fensters benutzen.</translation>
    </message>
    <message>
        <source>Ask the pilot why, then pick a mode in the Motion panel to go on.</source>
        <translation>Den Piloten nach dem Grund fragen, dann im Bereich Plattform einen Modus wählen, um fortzufahren.</translation>
    </message>
    <message>
        <source>Have the pilot hold the enabling button, then pick the mode again in the Motion panel.</source>
        <translation>Den Piloten die Zustimmtaste halten lassen, dann im Bereich Plattform den Modus erneut wählen.</translation>
    </message>
    <message>
        <source>Free space on the disk or restore the session folder: recording resumes by itself and says how many records were lost.</source>
        <translation>Platz auf dem Datenträger schaffen oder den Sitzungsordner wiederherstellen: die Aufzeichnung läuft von selbst weiter und meldet, wie viele Datensätze verloren gingen.</translation>
    </message>
    <message>
        <source>The platform&apos;s state is unknown: check it by hand before the rider leaves it.</source>
        <translation>Der Zustand der Plattform ist unbekannt: sie von Hand prüfen, bevor der Fahrgast sie verlässt.</translation>
    </message>
    <message>
        <source>axis check: a test cue moves the platform in %1 for %2 s</source>
        <translation>Achsprüfung: ein Testreiz bewegt die Plattform in %1 für %2 s</translation>
    </message>
    <message>
        <source>axis check refused: the platform must show CUEING and not be stopped</source>
        <translation>Achsprüfung abgelehnt: die Plattform muss CUEING zeigen und darf nicht gestoppt sein</translation>
    </message>
    <message>
        <source>Pick CUEING (confirmed), then run the check again.</source>
        <translation>CUEING wählen (bestätigt), dann die Prüfung erneut ausführen.</translation>
    </message>
    <message>
        <source>axis check: %1 passed</source>
        <translation>Achsprüfung: %1 bestanden</translation>
    </message>
    <message>
        <source>axis check: a %1 test cue moved no axis above its noise</source>
        <translation>Achsprüfung: ein Testreiz in %1 hat keine Achse über ihr Rauschen bewegt</translation>
    </message>
    <message>
        <source>Check that the platform shows CUEING and moves, then test the axis again.</source>
        <translation>Prüfen, dass die Plattform CUEING zeigt und sich bewegt, dann die Achse erneut testen.</translation>
    </message>
    <message>
        <source>axis check: a %1 test cue moved %2: the platform reads the axes in another order (test cue ramped out)</source>
        <translation>Achsprüfung: ein Testreiz in %1 hat %2 bewegt: die Plattform liest die Achsen in anderer Reihenfolge (Testreiz ausgeblendet)</translation>
    </message>
    <message>
        <source>axis check: %1 cancelled</source>
        <translation>Achsprüfung: %1 abgebrochen</translation>
    </message>
    <message>
        <source>simulator cues held at neutral: a %1 test cue moved %2 (the platform reads the axes in another order); the mode is left as it is</source>
        <translation>Simulatorreize auf neutral gehalten: ein Testreiz in %1 hat %2 bewegt (die Plattform liest die Achsen in anderer Reihenfolge); der Modus bleibt, wie er ist</translation>
    </message>
    <message>
        <source>simulator cues held at neutral: the last axis check failed; the mode is left as it is</source>
        <translation>Simulatorreize auf neutral gehalten: die letzte Achsprüfung ist fehlgeschlagen; der Modus bleibt, wie er ist</translation>
    </message>
    <message>
        <source>the axis check&apos;s result could not be saved: a later run will not know it</source>
        <translation>das Ergebnis der Achsprüfung konnte nicht gespeichert werden: ein späterer Lauf kennt es nicht</translation>
    </message>
    <message>
        <source>Check that the settings file (or the file HIL_AXIS_CHECK_STORE names) can be written.</source>
        <translation>Prüfen, dass die Einstellungsdatei (oder die Datei, die HIL_AXIS_CHECK_STORE nennt) beschreibbar ist.</translation>
    </message>
    <message>
        <source>axis check: %1 moved as expected (invert %2)</source>
        <translation>Achsprüfung: %1 bewegte sich wie erwartet (Umkehren %2)</translation>
    </message>
    <message>
        <source>axis check: %1 moved the other way; its invert is now %2</source>
        <translation>Achsprüfung: %1 bewegte sich andersherum; Umkehren ist jetzt %2</translation>
    </message>
    <message>
        <source>axis check: %1 did not move (invert %2)</source>
        <translation>Achsprüfung: %1 hat sich nicht bewegt (Umkehren %2)</translation>
    </message>
    <message>
        <source>cueing settings from the old sign convention: every axis&apos;s invert was cleared</source>
        <translation>Bewegungseinstellungen mit der alten Vorzeichenkonvention: „Umkehren“ wurde für jede Achse zurückgesetzt</translation>
    </message>
    <message>
        <source>the %1 washout target is beyond the platform&apos;s range: clamped</source>
        <translation>das Washout-Ziel für %1 liegt außerhalb des Bereichs der Plattform: begrenzt</translation>
    </message>
    <message>
        <source>Lower the washout targets.</source>
        <translation>Die Washout-Ziele verkleinern.</translation>
    </message>
    <message>
        <source>surge or sway washout target not zero: more power and actuator heat, which the vendor advises against</source>
        <translation>Washout-Ziel für Längs oder Quer nicht null: mehr Leistung und Wärme in den Aktuatoren, wovon der Hersteller abrät</translation>
    </message>
    <message>
        <source>Set the surge and sway washout targets to zero.</source>
        <translation>Die Washout-Ziele für Längs und Quer auf null setzen.</translation>
    </message>
    <message>
        <source>PX4 heard on the simulator link (system %1)</source>
        <translation>PX4 auf der Simulatorverbindung gehört (System %1)</translation>
    </message>
    <message>
        <source>actuator map changed: %1 outputs mapped</source>
        <translation>Aktuatorzuordnung geändert: %1 Ausgänge zugeordnet</translation>
    </message>
    <message>
        <source>PX4&apos;s actuator outputs arriving in lockstep</source>
        <translation>Aktuatorausgaben von PX4 kommen im Gleichschritt</translation>
    </message>
    <message>
        <source>PX4&apos;s actuator outputs arriving without lockstep: PX4 and the simulator are not kept in step</source>
        <translation>Aktuatorausgaben von PX4 kommen ohne Gleichschritt: PX4 und Simulator werden nicht im Takt gehalten</translation>
    </message>
    <message>
        <source>Use a PX4 SITL build with lockstep (the default).</source>
        <translation>Einen PX4-SITL-Build mit Gleichschritt verwenden (die Voreinstellung).</translation>
    </message>
    <message>
        <source>PX4&apos;s answers do not carry the times of the steps sent (%1 in a row): answers are matched to steps by their order</source>
        <translation>Die Antworten von PX4 tragen nicht die Zeiten der gesendeten Schritte (%1 in Folge): Antworten werden den Schritten nach ihrer Reihenfolge zugeordnet</translation>
    </message>
    <message>
        <source>a PX4 silent for %1 s replaced by a new connection from %2</source>
        <translation>ein seit %1 s stummes PX4 durch eine neue Verbindung von %2 ersetzt</translation>
    </message>
    <message>
        <source>a second PX4 from %1 refused: one PX4 per port</source>
        <translation>ein zweites PX4 von %1 abgewiesen: ein PX4 pro Port</translation>
    </message>
    <message>
        <source>Give each PX4 instance its own --px4 port (4560 + the instance number).</source>
        <translation>Jeder PX4-Instanz einen eigenen --px4-Port geben (4560 + Instanznummer).</translation>
    </message>
    <message>
        <source>ground-station link open on PX4&apos;s serial port (shared with the PX4 link)</source>
        <translation>Bodenstationsverbindung offen auf der seriellen Schnittstelle von PX4 (gemeinsam mit der PX4-Verbindung)</translation>
    </message>
    <message>
        <source>ground-station link open: UDP port %1 to PX4 at %2:%3</source>
        <translation>Bodenstationsverbindung offen: UDP-Port %1 zu PX4 an %2:%3</translation>
    </message>
    <message>
        <source>PX4 heard on the ground-station link (system %1)</source>
        <translation>PX4 auf der Bodenstationsverbindung gehört (System %1)</translation>
    </message>
    <message>
        <source>PX4 silent on the ground-station link for %1 s</source>
        <translation>PX4 seit %1 s stumm auf der Bodenstationsverbindung</translation>
    </message>
    <message>
        <source>Check that PX4 runs, and the ground-station port: --px4-gcs, or 18570 + the instance the --px4 port implies.</source>
        <translation>Prüfen, dass PX4 läuft, und den Bodenstations-Port prüfen: --px4-gcs, oder 18570 + die Instanz, die der --px4-Port ergibt.</translation>
    </message>
    <message>
        <source>PX4&apos;s landing state: %1</source>
        <translation>Landezustand von PX4: %1</translation>
    </message>
    <message>
        <source>PX4 says: %1</source>
        <translation>PX4 meldet: %1</translation>
    </message>
    <message>
        <source>the pilot&apos;s button: %1</source>
        <translation>Taste des Piloten: %1</translation>
    </message>
    <message>
        <source>the pilot&apos;s sticks go to PX4, %1 times a second</source>
        <translation>die Knüppel des Piloten gehen an PX4, %1-mal pro Sekunde</translation>
    </message>
    <message>
        <source>the pilot&apos;s sticks go to PX4, %1 times a second, from %2</source>
        <translation>die Knüppel des Piloten gehen an PX4, %1-mal pro Sekunde, von %2</translation>
    </message>
    <message>
        <source>the pilot&apos;s sticks no longer go to PX4: the link closed</source>
        <translation>die Knüppel des Piloten gehen nicht mehr an PX4: die Verbindung wurde geschlossen</translation>
    </message>
    <message>
        <source>the pilot&apos;s sticks no longer go to PX4: the device is lost or its readings stale; PX4&apos;s failsafe for lost sticks decides</source>
        <translation>die Knüppel des Piloten gehen nicht mehr an PX4: das Gerät ist verloren oder seine Werte sind veraltet; die Ausfallsicherung von PX4 für verlorene Knüppel entscheidet</translation>
    </message>
    <message>
        <source>Plug the device back in; once it is back, switch PX4&apos;s flight mode again.</source>
        <translation>Das Gerät wieder einstecken; sobald es zurück ist, den Flugmodus von PX4 erneut umschalten.</translation>
    </message>
    <message>
        <source>the pilot&apos;s sticks no longer go to PX4: none came for %1 s; PX4&apos;s failsafe for lost sticks decides</source>
        <translation>die Knüppel des Piloten gehen nicht mehr an PX4: seit %1 s kam nichts; die Ausfallsicherung von PX4 für verlorene Knüppel entscheidet</translation>
    </message>
    <message>
        <source>the pilot&apos;s sticks no longer go to PX4: an axis had no number; PX4&apos;s failsafe for lost sticks decides</source>
        <translation>die Knüppel des Piloten gehen nicht mehr an PX4: eine Achse hatte keine Zahl; die Ausfallsicherung von PX4 für verlorene Knüppel entscheidet</translation>
    </message>
    <message>
        <source>Check the device&apos;s mapping in the pilot set-up.</source>
        <translation>Die Zuordnung des Geräts in der Piloten-Einrichtung prüfen.</translation>
    </message>
    <message>
        <source>the pilot&apos;s controls from %1 have an axis that is not a number: not sent to PX4</source>
        <translation>die Steuerwerte des Piloten von %1 haben eine Achse ohne Zahl: nicht an PX4 gesendet</translation>
    </message>
    <message>
        <source>PX4 takes the pilot&apos;s sticks from this program (COM_RC_IN_MODE %1)</source>
        <translation>PX4 übernimmt die Knüppel des Piloten von diesem Programm (COM_RC_IN_MODE %1)</translation>
    </message>
    <message>
        <source>PX4 takes the pilot&apos;s sticks only while no RC receiver is chosen first (COM_RC_IN_MODE %1)</source>
        <translation>PX4 übernimmt die Knüppel des Piloten nur, solange kein RC-Empfänger vorrangig gewählt ist (COM_RC_IN_MODE %1)</translation>
    </message>
    <message>
        <source>PX4 ignores the pilot&apos;s sticks from this program (COM_RC_IN_MODE %1)</source>
        <translation>PX4 ignoriert die Knüppel des Piloten von diesem Programm (COM_RC_IN_MODE %1)</translation>
    </message>
    <message>
        <source>PX4 parameter %1 = %2</source>
        <translation>PX4-Parameter %1 = %2</translation>
    </message>
    <message>
        <source>PX4 kept parameter %1 at %2 (asked %3)</source>
        <translation>PX4 hat Parameter %1 bei %2 belassen (angefordert %3)</translation>
    </message>
    <message>
        <source>not a PX4 parameter name: &quot;%1&quot; (1 to 16 ASCII characters)</source>
        <translation>kein PX4-Parametername: „%1“ (1 bis 16 ASCII-Zeichen)</translation>
    </message>
    <message>
        <source>PX4 parameter &quot;%1&quot; not sent: it needs a finite value and a known type</source>
        <translation>PX4-Parameter „%1“ nicht gesendet: er braucht einen endlichen Wert und einen bekannten Typ</translation>
    </message>
    <message>
        <source>PX4 did not answer for parameter %1 (%2 attempts)</source>
        <translation>PX4 hat zu Parameter %1 nicht geantwortet (%2 Versuche)</translation>
    </message>
    <message>
        <source>PX4 ready: arming for an unattended take-off to %1 m</source>
        <translation>PX4 bereit: wird für einen unbeaufsichtigten Start auf %1 m scharfgeschaltet</translation>
    </message>
    <message>
        <source>unattended take-off given up after %1 attempts</source>
        <translation>unbeaufsichtigter Start nach %1 Versuchen aufgegeben</translation>
    </message>
    <message>
        <source>Read PX4&apos;s messages in the Session panel, then fly from the PX4 panel.</source>
        <translation>Die Meldungen von PX4 im Bereich Sitzung lesen, dann über den Bereich PX4 fliegen.</translation>
    </message>
    <message>
        <source>a datagram from %1:%2 to the ground-station port held no MAVLink</source>
        <translation>ein Datagramm von %1:%2 an den Bodenstations-Port enthielt kein MAVLink</translation>
    </message>
    <message>
        <source>Find the other program that sends to this port and give it another.</source>
        <translation>Das andere Programm finden, das an diesen Port sendet, und ihm einen anderen geben.</translation>
    </message>
    <message>
        <source>asking RflySim3D for sensor %1 (type %2) on port %3</source>
        <translation>fordere von RflySim3D Sensor %1 (Typ %2) auf Port %3 an</translation>
    </message>
    <message>
        <source>RflySim3D&apos;s sensor %1 (type %2) streaming on port %3</source>
        <translation>Sensor %1 (Typ %2) von RflySim3D sendet auf Port %3</translation>
    </message>
    <message>
        <source>RflySim3D&apos;s sensor %1 (type %2) on port %3 silent for %4 s: asking for it again</source>
        <translation>Sensor %1 (Typ %2) von RflySim3D auf Port %3 seit %4 s stumm: wird erneut angefordert</translation>
    </message>
    <message>
        <source>the gimbal state&apos;s multicast group %1 could not be joined (%2): only its direct copy arrives</source>
        <translation>der Multicast-Gruppe %1 für den Gimbal-Zustand konnte nicht beigetreten werden (%2): nur die direkte Kopie kommt an</translation>
    </message>
    <message>
        <source>RflySim3D&apos;s host &quot;%1&quot; cannot be found: the link keeps its old address</source>
        <translation>der Rechner „%1“ von RflySim3D ist nicht auffindbar: die Verbindung behält ihre alte Adresse</translation>
    </message>
    <message>
        <source>Check the host name or address given for RflySim3D.</source>
        <translation>Den für RflySim3D angegebenen Rechnernamen oder die Adresse prüfen.</translation>
    </message>
    <message>
        <source>RflySim port %1 cannot be opened (%2): the link receives nothing</source>
        <translation>RflySim-Port %1 lässt sich nicht öffnen (%2): die Verbindung empfängt nichts</translation>
    </message>
    <message>
        <source>Close the program that holds the port, or give the RflySim link other ports.</source>
        <translation>Das Programm schließen, das den Port belegt, oder der RflySim-Verbindung andere Ports geben.</translation>
    </message>
    <message>
        <source>RealFlight sends no controller channels: its transmitter is not read</source>
        <translation>RealFlight sendet keine Steuerkanäle: sein Sender wird nicht gelesen</translation>
    </message>
    <message>
        <source>%1 of RealFlight&apos;s %2 controller channels are not a number: its transmitter is not read from such replies</source>
        <translation>%1 der %2 Steuerkanäle von RealFlight sind keine Zahl: aus solchen Antworten wird der Sender nicht gelesen</translation>
    </message>
    <message>
        <source>RealFlight restarted or reset (physics time back from %1 s to %2 s): the flight&apos;s origin is taken again</source>
        <translation>RealFlight neu gestartet oder zurückgesetzt (Physikzeit von %1 s auf %2 s zurück): der Ursprung des Flugs wird neu übernommen</translation>
    </message>
    <message>
        <source>RealFlight&apos;s physics runs at %1 times real time</source>
        <translation>die Physik von RealFlight läuft mit dem %1-Fachen der Echtzeit</translation>
    </message>
    <message>
        <source>RealFlight&apos;s replies lack %1 (another RealFlight version?)</source>
        <translation>den Antworten von RealFlight fehlt %1 (eine andere RealFlight-Version?)</translation>
    </message>
    <message>
        <source>a request to RealFlight failed (%1: %2); trying again</source>
        <translation>eine Anfrage an RealFlight ist fehlgeschlagen (%1: %2); neuer Versuch</translation>
    </message>
    <message>
        <source>recording goes on in a new session folder: %1</source>
        <translation>die Aufzeichnung geht in einem neuen Sitzungsordner weiter: %1</translation>
    </message>
    <message>
        <source>the PX4 stand-in connected to %1:%2</source>
        <translation>der PX4-Platzhalter ist mit %1:%2 verbunden</translation>
    </message>
    <message>
        <source>the PX4 stand-in lost this program; reconnecting</source>
        <translation>der PX4-Platzhalter hat dieses Programm verloren; verbindet neu</translation>
    </message>
    <message>
        <source>the PX4 stand-in opened serial port %1 (HITL)</source>
        <translation>der PX4-Platzhalter hat die serielle Schnittstelle %1 geöffnet (HITL)</translation>
    </message>
    <message>
        <source>the PX4 stand-in lost serial port %1; opening it again</source>
        <translation>der PX4-Platzhalter hat die serielle Schnittstelle %1 verloren; öffnet sie erneut</translation>
    </message>
    <message>
        <source>the PX4 stand-in stalls: it no longer answers the simulator&apos;s sensor data</source>
        <translation>der PX4-Platzhalter hängt: er beantwortet die Sensordaten des Simulators nicht mehr</translation>
    </message>
    <message>
        <source>the PX4 stand-in answers the sensor data again</source>
        <translation>der PX4-Platzhalter beantwortet die Sensordaten wieder</translation>
    </message>
    <message>
        <source>the PX4 stand-in armed</source>
        <translation>der PX4-Platzhalter ist scharfgeschaltet</translation>
    </message>
    <message>
        <source>the PX4 stand-in armed (climbing to %1 m)</source>
        <translation>der PX4-Platzhalter ist scharfgeschaltet (steigt auf %1 m)</translation>
    </message>
    <message>
        <source>the PX4 stand-in disarmed</source>
        <translation>der PX4-Platzhalter ist entschärft</translation>
    </message>
    <message>
        <source>the PX4 stand-in set parameter %1 to %2</source>
        <translation>der PX4-Platzhalter hat Parameter %1 auf %2 gesetzt</translation>
    </message>
    <message>
        <source>the PX4 stand-in lost the pilot&apos;s sticks: failsafe NAV_RCL_ACT %1 after %2 s</source>
        <translation>der PX4-Platzhalter hat die Knüppel des Piloten verloren: Ausfallsicherung NAV_RCL_ACT %1 nach %2 s</translation>
    </message>
    <message>
        <source>the platform stand-in shows mode %1</source>
        <translation>der Plattform-Platzhalter zeigt Modus %1</translation>
    </message>
    <message>
        <source>the platform stand-in is in overheat protection (%1 °C)</source>
        <translation>der Plattform-Platzhalter ist im Überhitzungsschutz (%1 °C)</translation>
    </message>
    <message>
        <source>the platform stand-in&apos;s temperature is normal again</source>
        <translation>die Temperatur des Plattform-Platzhalters ist wieder normal</translation>
    </message>
    <message>
        <source>the RealFlight stand-in restarted (physics time back from %1 s to %2 s)</source>
        <translation>der RealFlight-Platzhalter wurde neu gestartet (Physikzeit von %1 s auf %2 s zurück)</translation>
    </message>
    <message>
        <source>the RflySim stand-in&apos;s impairments: losing packets %1, reordering %2, duplicating %3</source>
        <translation>Störungen des RflySim-Platzhalters: Pakete verlieren %1, umordnen %2, verdoppeln %3</translation>
    </message>
    <message>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>rig check done: passed %1 · warnings %2 · failed %3 (report in %4)</source>
        <translation>Prüfstandsprüfung fertig: bestanden %1 · Warnungen %2 · fehlgeschlagen %3 (Bericht in %4)</translation>
    </message>
    <message>
        <source>PX4 answering in lockstep again (timeouts meanwhile: %1)</source>
        <translation>PX4 antwortet wieder im Gleichschritt (Zeitüberschreitungen inzwischen: %1)</translation>
    </message>
    <message>
        <source>platform measurement: each DoF in turn, about %1 min (seat empty)</source>
        <translation>Plattformvermessung: jeder Freiheitsgrad nacheinander, etwa %1 min (Sitz leer)</translation>
    </message>
    <message>
        <source>platform measurement: all six DoFs excited</source>
        <translation>Plattformvermessung: alle sechs Freiheitsgrade angeregt</translation>
    </message>
    <message>
        <source>platform measurement refused (reason: %1)</source>
        <translation>Plattformvermessung abgelehnt (Grund: %1)</translation>
    </message>
    <message>
        <source>platform measurement stopped after %2 of 6 DoFs (reason: %1)</source>
        <translation>Plattformvermessung nach %2 von 6 Freiheitsgraden beendet (Grund: %1)</translation>
    </message>
    <message>
        <source>platform measurement confirmed with the seat empty (procedure step 2)</source>
        <translation>Plattformvermessung mit leerem Sitz bestätigt (Ablaufschritt 2)</translation>
    </message>
    <message>
        <source>OMCT measurement: each input axis in turn, about %1 min (seat empty)</source>
        <translation>OMCT-Messung: eine Eingangsachse nach der anderen, etwa %1 min (Sitz leer)</translation>
    </message>
    <message>
        <source>OMCT measurement: all six inputs measured</source>
        <translation>OMCT-Messung: alle sechs Eingänge gemessen</translation>
    </message>
    <message>
        <source>OMCT measurement refused (reason: %1)</source>
        <translation>OMCT-Messung abgelehnt (Grund: %1)</translation>
    </message>
    <message>
        <source>OMCT measurement stopped after %2 of 6 inputs (reason: %1)</source>
        <translation>OMCT-Messung nach %2 von 6 Eingängen beendet (Grund: %1)</translation>
    </message>
</context>
<context>
    <name>LinkStandIn</name>
    <message>
        <source>PX4&apos;s stand-in arms and takes off by itself: a scripted demo flight</source>
        <translation>Der Platzhalter für PX4 schaltet sich selbst scharf und startet: ein vorprogrammierter Demo-Flug</translation>
    </message>
</context>
<context>
    <name>RigCheck</name>
    <message>
        <source>RealFlight: exchanges per second, and their spread</source>
        <translation>RealFlight: Austausche pro Sekunde und ihre Streuung</translation>
    </message>
    <message>
        <source>Below 200 exchanges a second the loop is too coarse for PX4 and the platform. Run RealFlight on this PC or over a cable rather than Wi-Fi, close programs that load either PC, and lower RealFlight&apos;s graphics settings.</source>
        <translation>Unter 200 Austauschen pro Sekunde ist der Regelkreis für PX4 und die Plattform zu grob. RealFlight auf diesem PC oder über Kabel statt Wi-Fi betreiben, Programme schließen, die einen der beiden PCs belasten, und die Grafikeinstellungen von RealFlight senken.</translation>
    </message>
    <message>
        <source>RealFlight: physics time advancing with the wall clock</source>
        <translation>RealFlight: Physikzeit schreitet mit der realen Zeit fort</translation>
    </message>
    <message>
        <source>RealFlight&apos;s physics stood still or ran slow. Either its window lost the focus with &quot;Pause Physics When in Background&quot; set to Yes (Simulation → Settings → Physics: set it to No), or the simulation is paused or a menu is open (close it and resume). A PC too busy to run it in real time shows here too.</source>
        <translation>Die Physik von RealFlight stand still oder lief zu langsam. Entweder hat das RealFlight-Fenster den Fokus verloren, während „Pause Physics When in Background“ auf Yes steht (Simulation → Settings → Physics: auf No setzen), oder die Simulation ist pausiert bzw. ein Menü ist offen (schließen und fortsetzen). Auch ein PC, der zu ausgelastet ist, um sie in Echtzeit zu rechnen, zeigt sich hier.</translation>
    </message>
    <message>
        <source>RealFlight: the program&apos;s controller injected</source>
        <translation>RealFlight: Steuerung des Programms eingespeist</translation>
    </message>
    <message>
        <source>RealFlight did not take the program&apos;s controller. Set FlightAxis Link Enabled to Yes (Simulation → Settings → Physics), restart RealFlight, and run one FlightAxis client at a time.</source>
        <translation>RealFlight hat die Steuerung des Programms nicht übernommen. FlightAxis Link Enabled auf Yes setzen (Simulation → Settings → Physics), RealFlight neu starten und immer nur einen FlightAxis-Client gleichzeitig betreiben.</translation>
    </message>
    <message>
        <source>RealFlight: the transmitter&apos;s channels seen</source>
        <translation>RealFlight: Kanäle des Senders empfangen</translation>
    </message>
    <message>
        <source>RealFlight sent no transmitter channels. Attach its controller (InterLink, a joystick or a transmitter in joystick mode) before starting RealFlight, and select it in RealFlight&apos;s controller settings.</source>
        <translation>RealFlight hat keine Senderkanäle gesendet. Die Steuerung für RealFlight (InterLink, einen Joystick oder einen Sender im Joystick-Modus) vor dem Start von RealFlight anschließen und in den Controller-Einstellungen von RealFlight auswählen.</translation>
    </message>
    <message>
        <source>PX4: lockstep steps per second</source>
        <translation>PX4: Lockstep-Schritte pro Sekunde</translation>
    </message>
    <message>
        <source>PX4 answers fewer steps than the simulator sends. Check that RealFlight keeps its rate (above) and that PX4 is not starved of CPU; on a board, use a USB cable directly to this PC.</source>
        <translation>PX4 beantwortet weniger Schritte, als der Simulator sendet. Prüfen, ob RealFlight seine Rate hält (siehe oben) und PX4 genug Rechenzeit bekommt; bei einer Platine ein USB-Kabel direkt zu diesem PC verwenden.</translation>
    </message>
    <message>
        <source>PX4: steps it did not answer in time, and answer matching</source>
        <translation>PX4: nicht rechtzeitig beantwortete Schritte und Zuordnung der Antworten</translation>
    </message>
    <message>
        <source>PX4 missed steps or its answers cannot be matched to the step by time. Close programs that load this PC; use a PX4 build with lockstep (the default for SITL).</source>
        <translation>PX4 hat Schritte verpasst, oder seine Antworten lassen sich nicht über die Zeit dem Schritt zuordnen. Programme schließen, die diesen PC belasten; einen PX4-Build mit Lockstep verwenden (Standard bei SITL).</translation>
    </message>
    <message>
        <source>PX4: SYS_HITL against the link&apos;s mode</source>
        <translation>PX4: SYS_HITL im Vergleich zum Modus der Verbindung</translation>
    </message>
    <message>
        <source>SYS_HITL must be 1 on a board in the loop (HITL) and 0 in SITL. Set it in QGroundControl&apos;s parameters and reboot PX4.</source>
        <translation>SYS_HITL muss bei einer Platine im Regelkreis (HITL) 1 und in SITL 0 sein. In den Parametern von QGroundControl setzen und PX4 neu starten.</translation>
    </message>
    <message>
        <source>PX4: SYS_AUTOSTART, the airframe</source>
        <translation>PX4: SYS_AUTOSTART, der Airframe</translation>
    </message>
    <message>
        <source>PX4 has no airframe. Choose one in QGroundControl (for HITL one of the HIL airframes) and reboot PX4.</source>
        <translation>PX4 hat keinen Airframe. In QGroundControl einen wählen (für HITL einen der HIL-Airframes) und PX4 neu starten.</translation>
    </message>
    <message>
        <source>PX4: COM_RC_IN_MODE takes the pilot&apos;s sticks</source>
        <translation>PX4: COM_RC_IN_MODE nimmt die Steuerknüppel des Piloten an</translation>
    </message>
    <message>
        <source>With COM_RC_IN_MODE 0 (RC only) or 4 (disabled) PX4 ignores the pilot&apos;s sticks from the program. Set it to 1 (MAVLink only) in QGroundControl&apos;s parameters.</source>
        <translation>Mit COM_RC_IN_MODE 0 (nur RC) oder 4 (deaktiviert) ignoriert PX4 die Steuerknüppel des Piloten aus dem Programm. In den Parametern von QGroundControl auf 1 (nur MAVLink) setzen.</translation>
    </message>
    <message>
        <source>PX4: data rate of the MAVLink instance on the board&apos;s USB</source>
        <translation>PX4: Datenrate der MAVLink-Instanz am USB der Platine</translation>
    </message>
    <message>
        <source>PX4 runs no MAVLink on the board&apos;s USB port, so it streams no HIL_ACTUATOR_CONTROLS there. Set SYS_USB_AUTO to 2 (always) and reboot PX4; on a TELEM port, raise that instance&apos;s MAV_n_RATE above 5000 B/s.</source>
        <translation>PX4 betreibt kein MAVLink am USB-Anschluss der Platine und sendet dort daher keine HIL_ACTUATOR_CONTROLS. SYS_USB_AUTO auf 2 (immer) setzen und PX4 neu starten; an einem TELEM-Anschluss MAV_n_RATE dieser Instanz über 5000 B/s anheben.</translation>
    </message>
    <message>
        <source>PX4: parameters read over the ground-station link</source>
        <translation>PX4: Parameter über die Bodenstationsverbindung gelesen</translation>
    </message>
    <message>
        <source>PX4 did not answer the parameter reads. Check the ground-station link (--px4-gcs, or the port the --px4 port implies) and that PX4 runs.</source>
        <translation>PX4 hat auf das Lesen der Parameter nicht geantwortet. Die Bodenstationsverbindung prüfen (--px4-gcs oder den Port, der sich aus dem Port von --px4 ergibt) und ob PX4 läuft.</translation>
    </message>
    <message>
        <source>PX4: pre-arm checks, with PX4&apos;s reasons</source>
        <translation>PX4: Prüfungen vor dem Scharfschalten, mit den Gründen von PX4</translation>
    </message>
    <message>
        <source>PX4 would not arm. Fix the reasons PX4 gives (shown in the figure and in the Session panel), then run the check again.</source>
        <translation>PX4 ließe sich nicht scharf schalten. Die von PX4 genannten Gründe beheben (im Messwert und im Bereich Sitzung angezeigt), dann die Prüfung erneut ausführen.</translation>
    </message>
    <message>
        <source>Platform: replies arriving</source>
        <translation>Plattform: Antworten kommen an</translation>
    </message>
    <message>
        <source>No replies from the platform. Check its power and cable, this PC&apos;s address on the platform&apos;s network, and that the reply port is open in this PC&apos;s firewall on that network&apos;s profile (on Windows a network without a gateway is Public).</source>
        <translation>Keine Antworten von der Plattform. Ihre Stromversorgung und ihr Kabel prüfen, die Adresse dieses PCs im Netz der Plattform und ob der Antwortport in der Firewall dieses PCs für das Profil dieses Netzes offen ist (unter Windows ist ein Netz ohne Gateway „Öffentlich“).</translation>
    </message>
    <message>
        <source>Platform: this PC&apos;s firewall on the reply port</source>
        <translation>Plattform: Firewall dieses PCs am Antwortport</translation>
    </message>
    <message>
        <source>The firewall blocks the platform&apos;s replies on this network&apos;s profile. Reinstall the program (the installer allows its ports on every profile, local subnet only) or remove the block rule named in the figure (Windows Defender Firewall → Advanced settings → Inbound Rules).</source>
        <translation>Die Firewall blockiert die Antworten der Plattform im Profil dieses Netzes. Das Programm neu installieren (das Installationsprogramm gibt seine Ports in jedem Profil frei, nur für das lokale Subnetz) oder die im Messwert genannte Blockierungsregel entfernen (Windows Defender Firewall → Erweiterte Einstellungen → Eingehende Regeln).</translation>
    </message>
    <message>
        <source>Platform: status word and motors</source>
        <translation>Plattform: Statuswort und Motoren</translation>
    </message>
    <message>
        <source>A motor reports a fault. Keep the seat empty and check the platform with the vendor&apos;s tools.</source>
        <translation>Ein Motor meldet eine Störung. Den Sitz leer lassen und die Plattform mit den Werkzeugen des Herstellers prüfen.</translation>
    </message>
    <message>
        <source>Platform: actuator temperatures</source>
        <translation>Plattform: Aktuatortemperaturen</translation>
    </message>
    <message>
        <source>The actuators are hot. Let the platform cool in LEVEL BRAKE before anyone rides.</source>
        <translation>Die Aktuatoren sind heiß. Die Plattform in Bremsen (LEVEL BRAKE) abkühlen lassen, bevor jemand mitfährt.</translation>
    </message>
    <message>
        <source>Platform: firmware reported</source>
        <translation>Plattform: Firmware gemeldet</translation>
    </message>
    <message>
        <source>The platform did not report its firmware. Check that it runs the vendor&apos;s RavenAPI firmware.</source>
        <translation>Die Plattform hat ihre Firmware nicht gemeldet. Prüfen, ob sie die RavenAPI-Firmware des Herstellers ausführt.</translation>
    </message>
    <message>
        <source>Platform: the axis check at this address, and when</source>
        <translation>Plattform: die Achsprüfung an dieser Adresse und wann</translation>
    </message>
    <message>
        <source>Run the axis check on every axis with the seat empty (Motion panel → Axis check…). A failed check holds the simulator&apos;s cues at neutral until every axis passes.</source>
        <translation>Die Achsprüfung auf jeder Achse mit leerem Sitz ausführen (Bereich Plattform → Achsprüfung…). Eine fehlgeschlagene Prüfung hält die Vorgaben des Simulators auf neutral, bis jede Achse besteht.</translation>
    </message>
    <message>
        <source>Platform: cue frame</source>
        <translation>Plattform: Rahmentyp</translation>
    </message>
    <message>
        <source>Frame 5 leaves gravity&apos;s tilt to the platform&apos;s own cueing. Use frame 21 unless the platform&apos;s vendor says otherwise.</source>
        <translation>Rahmen 5 überlässt die Neigung zur Darstellung der Schwerkraft der plattformeigenen Bewegungserzeugung. Rahmen 21 verwenden, sofern der Hersteller der Plattform nichts anderes vorgibt.</translation>
    </message>
    <message>
        <source>Platform: transport delay, cue step to the seat moving</source>
        <translation>Plattform: Transportverzögerung, vom Vorgabesprung bis zur Sitzbewegung</translation>
    </message>
    <message>
        <source>The delay from a step at the program&apos;s input to the seat&apos;s first motion exceeds 150 ms (Part 60 Levels C and D) or 300 ms (Levels A and B). Check the network to the platform, the platform&apos;s own filters, and this PC&apos;s load.</source>
        <translation>Die Verzögerung von einem Sprung am Eingang des Programms bis zur ersten Bewegung des Sitzes überschreitet 150 ms (Part 60 Level C und D) oder 300 ms (Level A und B). Das Netz zur Plattform, die eigenen Filter der Plattform und die Last dieses PCs prüfen.</translation>
    </message>
    <message>
        <source>RflySim: every requested sensor streaming</source>
        <translation>RflySim: jeder angeforderte Sensor liefert</translation>
    </message>
    <message>
        <source>A sensor sends no frames. Start RflySim3D, check --rflysim-window, that this edition offers the sensor, and the firewall for the sensor&apos;s port.</source>
        <translation>Ein Sensor sendet keine Bilder. RflySim3D starten und prüfen: --rflysim-window, ob diese Edition den Sensor bietet, und die Firewall für den Port des Sensors.</translation>
    </message>
    <message>
        <source>RflySim: gimbal states per second</source>
        <translation>RflySim: Gimbal-Zustände pro Sekunde</translation>
    </message>
    <message>
        <source>RflySim3D sends no gimbal state. Check that the scene has a gimbal camera and that its state port is open in the firewall.</source>
        <translation>RflySim3D sendet keinen Gimbal-Zustand. Prüfen, ob die Szene eine Gimbal-Kamera hat und ihr Zustandsport in der Firewall offen ist.</translation>
    </message>
    <message>
        <source>Pilot: device present and calibrated</source>
        <translation>Pilot: Gerät vorhanden und kalibriert</translation>
    </message>
    <message>
        <source>No calibrated pilot device. Plug it in and run the pilot set-up to the end (PX4 panel → Pilot → Set up…).</source>
        <translation>Kein kalibriertes Eingabegerät des Piloten. Es einstecken und die Einrichtung bis zum Ende durchlaufen (Bereich PX4 → Pilot → Einrichten…).</translation>
    </message>
    <message>
        <source>Pilot: a button mapped to STOP</source>
        <translation>Pilot: eine Taste mit STOPP belegt</translation>
    </message>
    <message>
        <source>No button on the pilot&apos;s device is mapped to STOP. Map one in the pilot set-up so that the pilot can stop the platform without letting go.</source>
        <translation>Keine Taste am Eingabegerät des Piloten ist mit STOPP belegt. In der Einrichtung eine zuordnen, damit der Pilot die Plattform anhalten kann, ohne loszulassen.</translation>
    </message>
    <message>
        <source>This PC: the loop threads&apos; priority</source>
        <translation>Dieser PC: Priorität der Regelkreis-Threads</translation>
    </message>
    <message>
        <source>The loop threads did not get their scheduling (Linux: a kernel older than 6.12 has no short time slices; Windows: the priority was refused). Expect more jitter; on Linux use a newer kernel.</source>
        <translation>Die Regelkreis-Threads haben ihre Zeitplanung nicht erhalten (Linux: ein Kernel älter als 6.12 hat keine kurzen Zeitscheiben; Windows: die Priorität wurde verweigert). Mit mehr Jitter rechnen; unter Linux einen neueren Kernel verwenden.</translation>
    </message>
    <message>
        <source>This PC: free space for the session folder</source>
        <translation>Dieser PC: freier Speicher für den Sitzungsordner</translation>
    </message>
    <message>
        <source>Little space left for recordings (about 100 MB an hour). Free space or choose another folder with --log-dir.</source>
        <translation>Wenig Speicher für Aufzeichnungen übrig (etwa 100 MB pro Stunde). Speicher freigeben oder mit --log-dir einen anderen Ordner wählen.</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <source>warn</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>Rig check</source>
        <translation>Prüfstandsprüfung</translation>
    </message>
    <message>
        <source>window</source>
        <translation>Beobachtungsdauer</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Urteil</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>Messwert</translation>
    </message>
    <message>
        <source>Fix</source>
        <translation>Abhilfe</translation>
    </message>
    <message>
        <source>Transport delay</source>
        <translation>Transportverzögerung</translation>
    </message>
    <message>
        <source>Verdict: %1</source>
        <translation>Urteil: %1</translation>
    </message>
    <message>
        <source>Passed: %1 · warnings: %2 · failed: %3</source>
        <translation>Bestanden: %1 · Warnungen: %2 · fehlgeschlagen: %3</translation>
    </message>
    <message>
        <source>Links checked</source>
        <translation>Geprüfte Verbindungen</translation>
    </message>
    <message>
        <source>built-in stand-in: its figures are no rig&apos;s</source>
        <translation>eingebauter Platzhalter: seine Messwerte stammen von keinem Prüfstand</translation>
    </message>
    <message>
        <source>Limits: %1 ms for Levels C and D, %2 ms for Levels A and B (14 CFR Part 60, Appendix A, Attachment 2, Table A2A).</source>
        <translation>Grenzen: %1 ms für die Stufen C und D, %2 ms für die Stufen A und B (14 CFR Part 60, Anhang A, Anlage 2, Tabelle A2A).</translation>
    </message>
</context>
<context>
    <name>RigCheckFigure</name>
    <message>
        <source>%1 Hz (per second %2-%3 Hz)</source>
        <translation>%1 Hz (je Sekunde %2–%3 Hz)</translation>
    </message>
    <message>
        <source>%1 s of physics in %2 s (%3 %), %4 stalls</source>
        <translation>%1 s Physik in %2 s (%3 %), %4 Stockungen</translation>
    </message>
    <message>
        <source>injected</source>
        <translation>übernommen</translation>
    </message>
    <message>
        <source>not injected</source>
        <translation>nicht übernommen</translation>
    </message>
    <message>
        <source>%1 channels, %2 readings/s</source>
        <translation>%1 Kanäle, %2 Werte/s</translation>
    </message>
    <message>
        <source>%1 steps/s (per second %2-%3)</source>
        <translation>%1 Schritte/s (je Sekunde %2–%3)</translation>
    </message>
    <message>
        <source>%1 timeouts, %2 late answers, matched by %3</source>
        <translation>%1 Zeitüberschreitungen, %2 späte Antworten, zugeordnet über %3</translation>
    </message>
    <message>
        <source>no answer yet</source>
        <translation>noch keine Antwort</translation>
    </message>
    <message>
        <source>not answered: %1</source>
        <translation>unbeantwortet: %1</translation>
    </message>
    <message>
        <source>SYS_HITL %1, link in %2</source>
        <translation>SYS_HITL %1, Verbindung im %2-Betrieb</translation>
    </message>
    <message>
        <source>SYS_AUTOSTART %1</source>
        <translation>SYS_AUTOSTART %1</translation>
    </message>
    <message>
        <source>COM_RC_IN_MODE %1</source>
        <translation>COM_RC_IN_MODE %1</translation>
    </message>
    <message>
        <source>USB MAVLink %1 B/s (HIL needs more than %2 B/s), SYS_USB_AUTO %3</source>
        <translation>USB-MAVLink %1 B/s (HIL braucht mehr als %2 B/s), SYS_USB_AUTO %3</translation>
    </message>
    <message>
        <source>pre-arm checks pass</source>
        <translation>Vorflugprüfungen bestanden</translation>
    </message>
    <message>
        <source>not ready: no reason given</source>
        <translation>nicht bereit: kein Grund genannt</translation>
    </message>
    <message>
        <source>not ready: %1</source>
        <translation>nicht bereit: %1</translation>
    </message>
    <message>
        <source>%1 replies/s</source>
        <translation>%1 Antworten/s</translation>
    </message>
    <message>
        <source>status word 0x%1, motors OK</source>
        <translation>Statuswort 0x%1, Motoren in Ordnung</translation>
    </message>
    <message>
        <source>status word 0x%1, motor %2 not OK</source>
        <translation>Statuswort 0x%1, Motor %2 nicht in Ordnung</translation>
    </message>
    <message>
        <source>hottest %1 °C, %2</source>
        <translation>höchste %1 °C, %2</translation>
    </message>
    <message>
        <source>not reported</source>
        <translation>nicht gemeldet</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>nicht bestanden</translation>
    </message>
    <message>
        <source>never</source>
        <translation>noch nie</translation>
    </message>
    <message>
        <source>frame %1</source>
        <translation>Bezugssystem %1</translation>
    </message>
    <message>
        <source>not measured: no answer</source>
        <translation>nicht gemessen: keine Antwort</translation>
    </message>
    <message>
        <source>not measured: %1</source>
        <translation>nicht gemessen: %1</translation>
    </message>
    <message>
        <source>median %1 ms, worst %2 ms over %3 steps</source>
        <translation>Median %1 ms, schlechtester %2 ms über %3 Schritte</translation>
    </message>
    <message>
        <source>%1 streaming</source>
        <translation>%1 senden</translation>
    </message>
    <message>
        <source>%1 streaming; %2</source>
        <translation>%1 senden; %2</translation>
    </message>
    <message>
        <source>%1 states/s</source>
        <translation>%1 Zustände/s</translation>
    </message>
    <message>
        <source>not calibrated: %1</source>
        <translation>nicht kalibriert: %1</translation>
    </message>
    <message>
        <source>no device</source>
        <translation>kein Gerät</translation>
    </message>
    <message>
        <source>mapped</source>
        <translation>belegt</translation>
    </message>
    <message>
        <source>not mapped</source>
        <translation>nicht belegt</translation>
    </message>
    <message>
        <source>%1 GB free</source>
        <translation>%1 GB frei</translation>
    </message>
</context>
<context>
    <name>hil::AxisCheckDialog</name>
    <message>
        <source>Axis check</source>
        <translation>Achsprüfung</translation>
    </message>
    <message>
        <source>With the platform in CUEING: pick an axis, run its test cue, and say which way the seat moved.</source>
        <translation>Mit der Plattform in Bewegung (CUEING): eine Achse wählen, ihre Testvorgabe ausführen und angeben, in welche Richtung sich der Sitz bewegt hat.</translation>
    </message>
    <message>
        <source>Surge (expected: forward)</source>
        <translation>Längs (erwartet: nach vorn)</translation>
    </message>
    <message>
        <source>Sway (expected: to the left)</source>
        <translation>Quer (erwartet: nach links)</translation>
    </message>
    <message>
        <source>Heave (expected: up)</source>
        <translation>Hub (erwartet: nach oben)</translation>
    </message>
    <message>
        <source>Roll (expected: right side down)</source>
        <translation>Rollen (erwartet: rechte Seite nach unten)</translation>
    </message>
    <message>
        <source>Pitch (expected: nose down)</source>
        <translation>Nicken (erwartet: Nase nach unten)</translation>
    </message>
    <message>
        <source>Yaw (expected: nose to the left)</source>
        <translation>Gieren (erwartet: Nase nach links)</translation>
    </message>
    <message>
        <source>Run test cue</source>
        <translation>Testvorgabe ausführen</translation>
    </message>
    <message>
        <source>Moved as expected</source>
        <translation>Wie erwartet bewegt</translation>
    </message>
    <message>
        <source>Moved the other way</source>
        <translation>In die andere Richtung bewegt</translation>
    </message>
    <message>
        <source>Did not move</source>
        <translation>Nicht bewegt</translation>
    </message>
    <message>
        <source>The motion platform link is not running.</source>
        <translation>Die Verbindung zur Bewegungsplattform läuft nicht.</translation>
    </message>
    <message>
        <source>Test cue running…</source>
        <translation>Testvorgabe läuft…</translation>
    </message>
    <message>
        <source>No test cue (the platform must be in CUEING and not stopped), or STOP cancelled it.</source>
        <translation>Keine Testvorgabe (die Plattform muss in Bewegung (CUEING) und nicht gestoppt sein), oder STOPP hat sie abgebrochen.</translation>
    </message>
    <message>
        <source>Reported pose change: %1 mm</source>
        <translation>Gemeldete Lageänderung: %1 mm</translation>
    </message>
    <message>
        <source>Reported pose change: %1°</source>
        <translation>Gemeldete Lageänderung: %1°</translation>
    </message>
    <message>
        <source>A %1 test cue moved %2: the platform reads the axes differently. The test cue was ramped out; simulator cues stay at neutral for this platform until every axis passes the check.</source>
        <translation>Eine Testvorgabe auf %1 hat %2 bewegt: Die Plattform liest die Achsen anders. Die Testvorgabe wurde ausgeblendet; die Vorgaben des Simulators bleiben für diese Plattform neutral, bis jede Achse die Prüfung besteht.</translation>
    </message>
    <message>
        <source>%1 (no axis moved above its noise)</source>
        <translation>%1 (keine Achse hat sich über ihr Rauschen hinaus bewegt)</translation>
    </message>
    <message>
        <source>Procedure step 2, the checks with the seat empty: a small test cue will move the seat on one axis for about a second. Is the seat empty and the area clear?</source>
        <translation>Ablauf Schritt 2, die Prüfungen mit leerem Sitz: Ein kleiner Testreiz bewegt den Sitz etwa eine Sekunde lang auf einer Achse. Ist der Sitz leer und der Bereich frei?</translation>
    </message>
</context>
<context>
    <name>hil::AxisCheckNotices</name>
    <message>
        <source>surge</source>
        <translation>Längs</translation>
    </message>
    <message>
        <source>sway</source>
        <translation>Quer</translation>
    </message>
    <message>
        <source>heave</source>
        <translation>Hub</translation>
    </message>
    <message>
        <source>roll</source>
        <translation>Rollen</translation>
    </message>
    <message>
        <source>pitch</source>
        <translation>Nicken</translation>
    </message>
    <message>
        <source>yaw</source>
        <translation>Gieren</translation>
    </message>
    <message>
        <source>a %1 test cue moved %2: the platform reads the axes differently</source>
        <translation>eine Testvorgabe auf %1 hat %2 bewegt: Die Plattform liest die Achsen anders</translation>
    </message>
    <message>
        <source>the last axis check of this platform failed</source>
        <translation>die letzte Achsprüfung dieser Plattform ist fehlgeschlagen</translation>
    </message>
    <message>
        <source>Simulator cues held at neutral: %1. The seat stays still, also in CUEING, until every axis passes the axis check.</source>
        <translation>Vorgaben des Simulators auf neutral gehalten: %1. Der Sitz bleibt still, auch in Bewegung (CUEING), bis jede Achse die Achsprüfung besteht.</translation>
    </message>
    <message>
        <source>Frame 5 sends +1 g in heave from its first frame: a platform that reads the words in another order (Iris&apos;s C# sample puts roll before heave) takes it as a large roll acceleration. %1 Run the axis check with frame 21 first.</source>
        <translation>Rahmen 5 sendet ab dem ersten Rahmen +1 g im Hub: Eine Plattform, die die Wörter in anderer Reihenfolge liest (das C#-Beispiel von Iris setzt Rollen vor Hub), nimmt das als große Rollbeschleunigung. %1 Zuerst die Achsprüfung mit Rahmen 21 ausführen.</translation>
    </message>
    <message>
        <source>This platform has not passed the axis check on every axis.</source>
        <translation>Diese Plattform hat die Achsprüfung nicht auf jeder Achse bestanden.</translation>
    </message>
    <message>
        <source>No motion link is running, so no check result is known.</source>
        <translation>Die Verbindung zur Bewegungsplattform läuft nicht, daher ist kein Prüfergebnis bekannt.</translation>
    </message>
</context>
<context>
    <name>hil::CueingEditor</name>
    <message>
        <source>Axis check…</source>
        <translation>Achsprüfung…</translation>
    </message>
    <message>
        <source>Commissioning: a small test cue per axis; say which way the seat moved</source>
        <translation>Inbetriebnahme: eine kleine Testvorgabe je Achse; angeben, in welche Richtung sich der Sitz bewegt hat</translation>
    </message>
    <message>
        <source>Cueing settings</source>
        <translation>Bewegungseinstellungen</translation>
    </message>
    <message>
        <source>5: specific force and angular acceleration</source>
        <translation>5: spezifische Kraft und Winkelbeschleunigung</translation>
    </message>
    <message>
        <source>21: acceleration, angular acceleration and angles</source>
        <translation>21: Beschleunigung, Winkelbeschleunigung und Winkel</translation>
    </message>
    <message>
        <source>85: as 21 with gravity</source>
        <translation>85: wie 21, mit Schwerkraft</translation>
    </message>
    <message>
        <source>Frame type</source>
        <translation>Rahmentyp</translation>
    </message>
    <message>
        <source>Master gain</source>
        <translation>Gesamtverstärkung</translation>
    </message>
    <message>
        <source>Axis</source>
        <translation>Achse</translation>
    </message>
    <message>
        <source>Gain</source>
        <translation>Verstärkung</translation>
    </message>
    <message>
        <source>Invert</source>
        <translation>Umkehren</translation>
    </message>
    <message>
        <source>Smoothing τ (s)</source>
        <translation>Glättung τ (s)</translation>
    </message>
    <message>
        <source>Rate limit</source>
        <translation>Ratenbegrenzung</translation>
    </message>
    <message>
        <source>Limit (SI, 0 = platform)</source>
        <translation>Grenze (SI, 0 = Plattform)</translation>
    </message>
    <message>
        <source>Surge</source>
        <translation>Längs</translation>
    </message>
    <message>
        <source>Sway</source>
        <translation>Quer</translation>
    </message>
    <message>
        <source>Heave</source>
        <translation>Hub</translation>
    </message>
    <message>
        <source>Roll</source>
        <translation>Rollen</translation>
    </message>
    <message>
        <source>Pitch</source>
        <translation>Nicken</translation>
    </message>
    <message>
        <source>Yaw</source>
        <translation>Gieren</translation>
    </message>
    <message>
        <source>Roll angle</source>
        <translation>Rollwinkel</translation>
    </message>
    <message>
        <source>Pitch angle</source>
        <translation>Nickwinkel</translation>
    </message>
    <message>
        <source>Apply to platform</source>
        <translation>An Plattform übernehmen</translation>
    </message>
    <message>
        <source>Export cueing settings…</source>
        <translation>Bewegungseinstellungen exportieren…</translation>
    </message>
    <message>
        <source>Save the settings shown here as a file (cueing.json) for hilstation --dry-run --cueing FILE</source>
        <translation>Die hier gezeigten Einstellungen als Datei (cueing.json) speichern, für hilstation --dry-run --cueing DATEI</translation>
    </message>
    <message>
        <source>Import cueing settings…</source>
        <translation>Bewegungseinstellungen importieren…</translation>
    </message>
    <message>
        <source>Load settings from a file into this editor; the platform gets them only when you press &quot;Apply to platform&quot;</source>
        <translation>Einstellungen aus einer Datei in diesen Editor laden; die Plattform erhält sie erst mit „An Plattform übernehmen“</translation>
    </message>
</context>
<context>
    <name>hil::CueingFileActions</name>
    <message>
        <source>Export cueing settings</source>
        <translation>Bewegungseinstellungen exportieren</translation>
    </message>
    <message>
        <source>Cueing settings (*.json)</source>
        <translation>Bewegungseinstellungen (*.json)</translation>
    </message>
    <message>
        <source>Cueing settings not exported: cannot write %1: %2</source>
        <translation>Bewegungseinstellungen nicht exportiert: %1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Import cueing settings</source>
        <translation>Bewegungseinstellungen importieren</translation>
    </message>
    <message>
        <source>Cueing settings (*.json);;All files (*)</source>
        <translation>Bewegungseinstellungen (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Cueing settings not imported: %1</source>
        <translation>Bewegungseinstellungen nicht importiert: %1</translation>
    </message>
</context>
<context>
    <name>hil::DryRunPanel</name>
    <message>
        <source>Dry run</source>
        <translation>Probefahrt</translation>
    </message>
    <message>
        <source>Recording or manoeuvre</source>
        <translation>Aufzeichnung oder Manöver</translation>
    </message>
    <message>
        <source>Open recording…</source>
        <translation>Aufzeichnung öffnen…</translation>
    </message>
    <message>
        <source>A session&apos;s state.csv or a .tlog</source>
        <translation>state.csv einer Sitzung oder eine .tlog</translation>
    </message>
    <message>
        <source>This session</source>
        <translation>Diese Sitzung</translation>
    </message>
    <message>
        <source>Replay&apos;s recording</source>
        <translation>Aufzeichnung der Wiedergabe</translation>
    </message>
    <message>
        <source>Open a recording</source>
        <translation>Aufzeichnung öffnen</translation>
    </message>
    <message>
        <source>Recordings (state.csv *.csv *.tlog);;All files (*)</source>
        <translation>Aufzeichnungen (state.csv *.csv *.tlog);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Dry run: the Replay panel has no recording open.</source>
        <translation>Probefahrt: Die Wiedergabe hat keine Aufzeichnung geöffnet.</translation>
    </message>
    <message>
        <source>Cueing settings</source>
        <translation>Bewegungseinstellungen</translation>
    </message>
    <message>
        <source>Gain</source>
        <translation>Verstärkung</translation>
    </message>
    <message>
        <source>Low-pass (s)</source>
        <translation>Tiefpass (s)</translation>
    </message>
    <message>
        <source>Limit (0 = platform&apos;s)</source>
        <translation>Grenze (0 = die der Plattform)</translation>
    </message>
    <message>
        <source>From Motion panel</source>
        <translation>Aus der Bewegungsplattform</translation>
    </message>
    <message>
        <source>Apply to platform</source>
        <translation>An Plattform übernehmen</translation>
    </message>
    <message>
        <source>Asks first; refused while the platform is CUEING</source>
        <translation>Fragt zuerst; abgelehnt, solange die Plattform in Bewegung (CUEING) ist</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>Lade %1…</translation>
    </message>
    <message>
        <source>Dry run: %1</source>
        <translation>Probefahrt: %1</translation>
    </message>
    <message>
        <source>%1: %2 frames, %3 s</source>
        <translation>%1: %2 Datensätze, %3 s</translation>
    </message>
    <message>
        <source>Not applied: the motion platform link is not running.</source>
        <translation>Nicht übernommen: Die Verbindung zur Bewegungsplattform läuft nicht.</translation>
    </message>
    <message>
        <source>Refused: the platform is CUEING. Park it (LEVEL BRAKE) first.</source>
        <translation>Abgelehnt: Die Plattform ist in Bewegung (CUEING). Zuerst parken (LEVEL BRAKE).</translation>
    </message>
    <message>
        <source>Send these cueing settings to the motion platform link? The Motion panel shows them too.</source>
        <translation>Diese Bewegungseinstellungen an die Verbindung zur Bewegungsplattform senden? Die Bewegungsplattform-Ansicht zeigt sie dann auch.</translation>
    </message>
    <message>
        <source>Not applied.</source>
        <translation>Nicht übernommen.</translation>
    </message>
    <message>
        <source>Applied to the platform link.</source>
        <translation>An die Verbindung zur Plattform übernommen.</translation>
    </message>
    <message>
        <source>&amp;Master gain</source>
        <translation>&amp;Gesamtverstärkung</translation>
    </message>
    <message>
        <source>Scales every axis&apos;s cue, angles included: the Motion panel&apos;s master gain. 0.3 for a first ride.</source>
        <translation>Skaliert die Bewegungsreize aller Achsen, Winkel eingeschlossen: die Gesamtverstärkung des Bereichs Plattform. 0,3 für eine erste Fahrt.</translation>
    </message>
    <message>
        <source>Use this platform&apos;s model…</source>
        <translation>Modell dieser Plattform verwenden…</translation>
    </message>
    <message>
        <source>A platform model file, normally one measured on this platform (hilstation --platform-identify)</source>
        <translation>Eine Plattformmodell-Datei, normalerweise eine auf dieser Plattform gemessene (hilstation --platform-identify)</translation>
    </message>
    <message>
        <source>Assumed model</source>
        <translation>Angenommenes Modell</translation>
    </message>
    <message>
        <source>Open a platform model</source>
        <translation>Plattformmodell öffnen</translation>
    </message>
    <message>
        <source>Platform models (*.json)</source>
        <translation>Plattformmodelle (*.json)</translation>
    </message>
    <message>
        <source>Dry run: this platform model cannot be used: %1. The model in use is unchanged.</source>
        <translation>Probefahrt: Dieses Plattformmodell ist nicht verwendbar: %1. Das verwendete Modell bleibt unverändert.</translation>
    </message>
    <message>
        <source>Platform model: measured on this platform %1 (%2). Tested on stand-ins only.</source>
        <translation>Plattformmodell: auf dieser Plattform gemessen am %1 (%2). Nur mit Platzhaltern erprobt.</translation>
    </message>
    <message>
        <source>Platform model: %1, not measured on the platform: its washout is as written in the file.</source>
        <translation>Plattformmodell: %1, nicht auf der Plattform gemessen: sein Washout ist so, wie er in der Datei steht.</translation>
    </message>
    <message>
        <source>Platform model: assumed. Its washout is a guess until the platform has been measured; the limit hits and the score depend on it.</source>
        <translation>Plattformmodell: angenommen. Sein Washout ist geschätzt, bis die Plattform vermessen ist; Anschläge und Wertung hängen davon ab.</translation>
    </message>
</context>
<context>
    <name>hil::DryRunResultsView</name>
    <message>
        <source>Score</source>
        <translation>Wertung</translation>
    </message>
    <message>
        <source>nRMSE</source>
        <translation>nRMSE</translation>
    </message>
    <message>
        <source>r</source>
        <translation>r</translation>
    </message>
    <message>
        <source>False cues (n · θ·s)</source>
        <translation>Falsche Reize (n · θ·s)</translation>
    </message>
    <message>
        <source>End-stop hits</source>
        <translation>Endanschläge</translation>
    </message>
    <message>
        <source>This axis&apos;s score: 1 − its perception error over a still seat&apos;s (1 is perfect, 0 no better than sitting still, below 0 worse)</source>
        <translation>Wertung dieser Achse: 1 − ihr Wahrnehmungsfehler im Verhältnis zu dem eines stillen Sitzes (1 ist perfekt, 0 nicht besser als stillzusitzen, unter 0 schlechter)</translation>
    </message>
    <message>
        <source>Root-mean-square error between what the rider and the pilot feel, over the pilot&apos;s range (0 is perfect)</source>
        <translation>Quadratisches Mittel des Unterschieds zwischen dem, was Fahrgast und Pilot empfinden, bezogen auf den Bereich des Piloten (0 ist perfekt)</translation>
    </message>
    <message>
        <source>Correlation between what the rider and the pilot feel (1: same shape, 0: none, below 0: opposite)</source>
        <translation>Korrelation zwischen dem, was Fahrgast und Pilot empfinden (1: gleiche Form, 0: keine, unter 0: entgegengesetzt)</translation>
    </message>
    <message>
        <source>False cues: how often the rider feels a motion the pilot does not, or the opposite one, above the perception threshold (tilt included); then their weight, in thresholds × seconds</source>
        <translation>Falsche Reize: wie oft der Fahrgast oberhalb der Wahrnehmungsschwelle eine Bewegung spürt, die der Pilot nicht spürt, oder die entgegengesetzte (Neigung eingeschlossen); dann ihr Gewicht in Schwellen × Sekunden</translation>
    </message>
    <message>
        <source>Times this axis reaches its end stop; the actuators&apos; stroke hits are in the line above</source>
        <translation>Wie oft diese Achse ihren Endanschlag erreicht; die Hubanschläge der Aktuatoren stehen in der Zeile darüber</translation>
    </message>
    <message>
        <source>Score %1%2 of 100 · limit hits %3%4: %5 at an axis&apos;s end stop, %6 at an actuator&apos;s stroke</source>
        <translation>Wertung %1%2 von 100 · Anschläge %3%4: %5 am Endanschlag einer Achse, %6 am Hub eines Aktuators</translation>
    </message>
    <message>
        <source>Before the suggestion: score %1, limit hits %2</source>
        <translation>Vor dem Vorschlag: Wertung %1, Anschläge %2</translation>
    </message>
    <message>
        <source>(from the 50 Hz preview; the full-rate figures follow)</source>
        <translation>(aus der 50-Hz-Vorschau; die Werte mit voller Rate folgen)</translation>
    </message>
    <message>
        <source>Score: how well the rider&apos;s felt motion follows the pilot&apos;s, 0 to 100 (100 · the skill %1 over a still seat, which scores 0). Limit hits: times the platform reaches an end of its travel; the table&apos;s column counts the axes&apos;, the plot marks both. Figures at the model&apos;s full rate, as report.json and the settings search give them; the plots come from a 50 Hz preview.</source>
        <translation>Wertung: wie gut die empfundene Bewegung des Fahrgasts der des Piloten folgt, 0 bis 100 (100 · die Güte %1 gegenüber einem stillen Sitz, der 0 erhält). Anschläge: wie oft die Plattform ein Ende ihres Wegs erreicht; die Tabellenspalte zählt die der Achsen, das Diagramm markiert beide. Werte mit der vollen Rate des Modells, wie report.json und die Einstellungssuche sie angeben; die Diagramme stammen aus einer 50-Hz-Vorschau.</translation>
    </message>
    <message>
        <source>unused</source>
        <translation>unbenutzt</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>aircraft (pilot)</source>
        <translation>Flugzeug (Pilot)</translation>
    </message>
    <message>
        <source>platform (rider)</source>
        <translation>Plattform (Fahrer)</translation>
    </message>
    <message>
        <source>travel (the platform&apos;s envelope)</source>
        <translation>Weg (Bewegungsraum der Plattform)</translation>
    </message>
    <message>
        <source>platform&apos;s pose</source>
        <translation>Lage der Plattform</translation>
    </message>
    <message>
        <source>platform before the suggestion</source>
        <translation>Plattform vor dem Vorschlag</translation>
    </message>
    <message>
        <source>pose before the suggestion</source>
        <translation>Lage vor dem Vorschlag</translation>
    </message>
    <message>
        <source>this axis at its end stop</source>
        <translation>diese Achse am Endanschlag</translation>
    </message>
    <message>
        <source>an actuator at its stroke</source>
        <translation>ein Aktuator am Hubende</translation>
    </message>
    <message>
        <source>perceived (m/s²)</source>
        <translation>empfunden (m/s²)</translation>
    </message>
    <message>
        <source>perceived (°/s)</source>
        <translation>empfunden (°/s)</translation>
    </message>
    <message>
        <source>pose (mm)</source>
        <translation>Lage (mm)</translation>
    </message>
    <message>
        <source>pose (°)</source>
        <translation>Lage (°)</translation>
    </message>
    <message>
        <source>time (s)</source>
        <translation>Zeit (s)</translation>
    </message>
</context>
<context>
    <name>hil::DryRunSearchBox</name>
    <message>
        <source>Suggest settings</source>
        <translation>Einstellungen vorschlagen</translation>
    </message>
    <message>
        <source>Recordings the search covers besides the open one</source>
        <translation>Aufzeichnungen, die die Suche neben der geöffneten einbezieht</translation>
    </message>
    <message>
        <source>Add the open recording</source>
        <translation>Geöffnete Aufzeichnung hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Use suggestion</source>
        <translation>Vorschlag übernehmen</translation>
    </message>
    <message>
        <source>The search covers the open recording and those in the list.</source>
        <translation>Die Suche umfasst die geöffnete Aufzeichnung und die in der Liste.</translation>
    </message>
    <message>
        <source>Over the open recording.</source>
        <translation>Über die geöffnete Aufzeichnung.</translation>
    </message>
    <message>
        <source>Over %1 recordings.</source>
        <translation>Über %1 Aufzeichnungen.</translation>
    </message>
    <message>
        <source>Cancelled; the best so far.</source>
        <translation>Abgebrochen; das Beste bis hierher.</translation>
    </message>
    <message>
        <source>Still seat</source>
        <translation>Stiller Sitz</translation>
    </message>
    <message>
        <source>Current settings</source>
        <translation>Aktuelle Einstellungen</translation>
    </message>
    <message>
        <source>Suggestion</source>
        <translation>Vorschlag</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Wertung</translation>
    </message>
    <message>
        <source>Skill</source>
        <translation>Güte</translation>
    </message>
    <message>
        <source>Limit hits</source>
        <translation>Anschläge</translation>
    </message>
    <message>
        <source>No setting tried beats a still seat: the suggestion is master gain 0.</source>
        <translation>Keine versuchte Einstellung schlägt einen stillen Sitz: Der Vorschlag ist Gesamtverstärkung 0.</translation>
    </message>
    <message>
        <source>Nothing found beats the current settings.</source>
        <translation>Nichts Gefundenes schlägt die aktuellen Einstellungen.</translation>
    </message>
    <message>
        <source>%1 %2 Before: score %L3, %4 limit hits. Suggested: score %L5, %6 limit hits (%7 evaluations, seed %8); %L9 points above the still seat, %L10 above the current settings. %11</source>
        <translation>%1 %2 Vorher: Wertung %L3, %4 Anschläge. Vorschlag: Wertung %L5, %6 Anschläge (%7 Auswertungen, Startwert %8); %L9 Punkte über dem stillen Sitz, %L10 über den aktuellen Einstellungen. %11</translation>
    </message>
</context>
<context>
    <name>hil::DryRunSourceTitle</name>
    <message>
        <source>Coordinated turn</source>
        <translation>Koordinierte Kurve</translation>
    </message>
    <message>
        <source>Take-off</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>Landing</source>
        <translation>Landung</translation>
    </message>
    <message>
        <source>Catapult launch</source>
        <translation>Katapultstart</translation>
    </message>
    <message>
        <source>OMCT test, %1</source>
        <translation>OMCT-Test, %1</translation>
    </message>
</context>
<context>
    <name>hil::GimbalPanel</name>
    <message>
        <source>No camera image</source>
        <translation>Kein Kamerabild</translation>
    </message>
    <message>
        <source>The RflySim link is not running (start with --rflysim or --emulate rflysim).</source>
        <translation>Die RflySim-Verbindung läuft nicht (mit --rflysim oder --emulate rflysim starten).</translation>
    </message>
    <message>
        <source>Gimbal</source>
        <translation>Gimbal</translation>
    </message>
    <message>
        <source>Gimbal control</source>
        <translation>Gimbal-Steuerung</translation>
    </message>
    <message>
        <source>Rate mode (sliders and pad set °/s)</source>
        <translation>Ratenmodus (Schieberegler und Feld geben °/s vor)</translation>
    </message>
    <message>
        <source>Drag: left/right = yaw, up/down = pitch</source>
        <translation>Ziehen: links/rechts = Gieren, hoch/runter = Nicken</translation>
    </message>
    <message>
        <source>Center</source>
        <translation>Zentrieren</translation>
    </message>
    <message>
        <source>Track</source>
        <translation>Verfolgen</translation>
    </message>
    <message>
        <source>Laser ranging</source>
        <translation>Laser-Entfernungsmessung</translation>
    </message>
    <message>
        <source>Visible (RGB)</source>
        <translation>Sichtbar (RGB)</translation>
    </message>
    <message>
        <source>Thermal heat map</source>
        <translation>Wärmebild</translation>
    </message>
    <message>
        <source>Infrared grey</source>
        <translation>Infrarot grau</translation>
    </message>
    <message>
        <source>AI select all</source>
        <translation>KI: alle auswählen</translation>
    </message>
    <message>
        <source>Box-select every target; click the camera image to select one</source>
        <translation>Alle Ziele per Rahmen auswählen; Kamerabild anklicken, um eines auszuwählen</translation>
    </message>
    <message>
        <source>Pitch</source>
        <translation>Nicken</translation>
    </message>
    <message>
        <source>Yaw</source>
        <translation>Gieren</translation>
    </message>
    <message>
        <source>Zoom</source>
        <translation>Zoom</translation>
    </message>
    <message>
        <source>Focal length</source>
        <translation>Brennweite</translation>
    </message>
    <message>
        <source>Track target (copter id)</source>
        <translation>Ziel verfolgen (Copter-ID)</translation>
    </message>
    <message>
        <source>Light source</source>
        <translation>Lichtquelle</translation>
    </message>
    <message>
        <source>Commanded</source>
        <translation>Vorgegeben</translation>
    </message>
    <message>
        <source>Reported</source>
        <translation>Gemeldet</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Camera</source>
        <translation>Kamera</translation>
    </message>
    <message>
        <source>Sensors</source>
        <translation>Sensoren</translation>
    </message>
    <message>
        <source>LiDAR: no frame</source>
        <translation>LiDAR: kein Bild</translation>
    </message>
    <message>
        <source>fresh</source>
        <translation>aktuell</translation>
    </message>
    <message>
        <source>STALE (no gimbal state, %1 times)</source>
        <translation>VERALTET (kein Gimbal-Zustand, %1-mal)</translation>
    </message>
    <message>
        <source>Focal length; shows the camera&apos;s reported value once it answers</source>
        <translation>Brennweite; zeigt den von der Kamera gemeldeten Wert, sobald sie antwortet</translation>
    </message>
    <message>
        <source>, focal %L1 mm</source>
        <translation>, Brennweite %L1 mm</translation>
    </message>
    <message>
        <source>pitch %L1%3, yaw %L2%3</source>
        <translation>Nicken %L1%3, Gieren %L2%3</translation>
    </message>
    <message>
        <source>pitch %L1°, yaw %L2°, roll %L3°, focal %L4 mm</source>
        <translation>Nicken %L1°, Gieren %L2°, Rollen %L3°, Brennweite %L4 mm</translation>
    </message>
    <message>
        <source>FOV %L1° (reported), range %L2 m</source>
        <translation>Sichtfeld %L1° (gemeldet), Entfernung %L2 m</translation>
    </message>
    <message numerus="yes">
        <source>LiDAR: %Ln points</source>
        <translation>
            <numerusform>LiDAR: %Ln Punkt</numerusform>
            <numerusform>LiDAR: %Ln Punkte</numerusform>
        </translation>
    </message>
    <message>
        <source>, FOV %L1°</source>
        <translation>, Sichtfeld %L1°</translation>
    </message>
</context>
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
    <name>hil::InstructorWindow</name>
    <message>
        <source>HIL Station — lab instructor (%1)</source>
        <translation>HIL Station — Ausbilderplatz (%1)</translation>
    </message>
    <message>
        <source>STOP ALL</source>
        <translation>ALLE STOPPEN</translation>
    </message>
    <message>
        <source>Lab: %1</source>
        <translation>Labor: %1</translation>
    </message>
    <message>
        <source>Broker: %1 — %2 rigs, %3 online</source>
        <translation>Broker: %1 — %2 Prüfstände, %3 online</translation>
    </message>
    <message>
        <source>Click a rig to plot its altitude and airspeed</source>
        <translation>Einen Prüfstand anklicken, um Höhe und Fahrt zu zeichnen</translation>
    </message>
    <message>
        <source>Altitude (m)</source>
        <translation>Höhe (m)</translation>
    </message>
    <message>
        <source>Airspeed (m/s)</source>
        <translation>Fahrt (m/s)</translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation>Zeit (s)</translation>
    </message>
    <message>
        <source>%1: altitude and airspeed</source>
        <translation>%1: Höhe und Fahrt</translation>
    </message>
</context>
<context>
    <name>hil::LabSettingsDialog</name>
    <message>
        <source>Lab settings</source>
        <translation>Labor-Einstellungen</translation>
    </message>
    <message>
        <source>Broker (mqtt:// or mqtts://)</source>
        <translation>Broker (mqtt:// oder mqtts://)</translation>
    </message>
    <message>
        <source>Rig name</source>
        <translation>Prüfstandsname</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Password file</source>
        <translation>Passwortdatei</translation>
    </message>
    <message>
        <source>CA certificate</source>
        <translation>CA-Zertifikat</translation>
    </message>
    <message>
        <source>Client certificate</source>
        <translation>Client-Zertifikat</translation>
    </message>
    <message>
        <source>Client key</source>
        <translation>Client-Schlüssel</translation>
    </message>
    <message>
        <source>State rate</source>
        <translation>Zustandsrate</translation>
    </message>
    <message>
        <source>The password is read from its file when the lab connects; it is never stored here. Applied at the next start.</source>
        <translation>Das Passwort wird beim Verbinden aus seiner Datei gelesen und nie hier gespeichert. Gilt ab dem nächsten Start.</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Broker: %1</source>
        <translation>Broker: %1</translation>
    </message>
    <message>
        <source>Rig name: 1 to 64 of A-Z a-z 0-9 _ -</source>
        <translation>Prüfstandsname: 1 bis 64 Zeichen aus A-Z a-z 0-9 _ -</translation>
    </message>
    <message>
        <source>No broker is set: give --lab, or enter one in View → Lab settings….</source>
        <translation>Kein Broker eingestellt: --lab angeben oder einen unter Ansicht → Labor-Einstellungen… eintragen.</translation>
    </message>
</context>
<context>
    <name>hil::LinkManager</name>
    <message>
        <source>%1: the station is not running</source>
        <translation>%1: die Station läuft nicht</translation>
    </message>
    <message>
        <source>no link named %1</source>
        <translation>keine Verbindung namens %1</translation>
    </message>
    <message>
        <source>%1 is still stopping; connect again once it shows stopped</source>
        <translation>%1 wird noch beendet; erneut verbinden, sobald „gestoppt“ angezeigt wird</translation>
    </message>
    <message>
        <source>no emulator named %1</source>
        <translation>kein Emulator namens %1</translation>
    </message>
    <message>
        <source>replay: the station is not running</source>
        <translation>Wiedergabe: die Station läuft nicht</translation>
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
        <source>stopping…</source>
        <translation>wird beendet…</translation>
    </message>
</context>
<context>
    <name>hil::LinkTitle</name>
    <message>
        <source>RealFlight</source>
        <translation>RealFlight</translation>
    </message>
    <message>
        <source>PX4</source>
        <translation>PX4</translation>
    </message>
    <message>
        <source>PX4 ground station</source>
        <translation>PX4-Bodenstation</translation>
    </message>
    <message>
        <source>Motion platform</source>
        <translation>Bewegungsplattform</translation>
    </message>
    <message>
        <source>RflySim</source>
        <translation>RflySim</translation>
    </message>
    <message>
        <source>Lab broker</source>
        <translation>Labor-Broker</translation>
    </message>
    <message>
        <source>Pilot input</source>
        <translation>Piloteneingabe</translation>
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
    <message>
        <source>The peer&apos;s address in use (the built-in emulator&apos;s real port when emulated); type another one while the link is stopped, then Connect</source>
        <translation>Die verwendete Adresse der Gegenstelle (beim Emulator dessen tatsächlicher Port); bei gestoppter Verbindung eine andere eingeben, dann Verbinden</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Wird beendet…</translation>
    </message>
    <message>
        <source>%1 · sensors %2/%3</source>
        <comment>link state · sensors streaming/requested</comment>
        <translation>%1 · Sensoren %2/%3</translation>
    </message>
    <message>
        <source>%1 of %2 requested sensors streaming</source>
        <translation>%1 von %2 angeforderten Sensoren liefern</translation>
    </message>
    <message>
        <source>streaming</source>
        <translation>liefert</translation>
    </message>
    <message>
        <source>silent</source>
        <translation>verstummt</translation>
    </message>
    <message>
        <source>requested, no frame yet</source>
        <translation>angefordert, noch kein Bild</translation>
    </message>
    <message>
        <source>SeqID %1, TypeID %2, port %3: %4 (%5 frames, %6 requests)</source>
        <translation>SeqID %1, TypeID %2, Port %3: %4 (%5 Datensätze, %6 Anforderungen)</translation>
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
        <source>No links running</source>
        <translation>Keine Verbindung aktiv</translation>
    </message>
    <message>
        <source>%1: not an address: %2</source>
        <translation>%1: keine Adresse: %2</translation>
    </message>
    <message>
        <source>Quit while the platform moves?</source>
        <translation>Beenden, während sich die Plattform bewegt?</translation>
    </message>
    <message>
        <source>The motion platform is in %1. Quitting ramps the cues to neutral and parks it in LEVEL BRAKE. Quit now?</source>
        <translation>Die Bewegungsplattform ist in %1. Beim Beenden werden die Vorgaben auf neutral zurückgefahren und die Plattform in Bremsen (LEVEL BRAKE) geparkt. Jetzt beenden?</translation>
    </message>
    <message>
        <source>CUEING</source>
        <translation>Bewegung (CUEING)</translation>
    </message>
    <message>
        <source>LOADING</source>
        <translation>Einstieg (LOADING)</translation>
    </message>
    <message>
        <source>Parking the motion platform before quitting…</source>
        <translation>Bewegungsplattform wird vor dem Beenden geparkt…</translation>
    </message>
    <message>
        <source>Closing the links…</source>
        <translation>Verbindungen werden geschlossen…</translation>
    </message>
    <message>
        <source>%1. What to do: %2</source>
        <translation>%1. Was zu tun ist: %2</translation>
    </message>
</context>
<context>
    <name>hil::MeasureDialog</name>
    <message>
        <source>Measure the platform</source>
        <translation>Plattform vermessen</translation>
    </message>
    <message>
        <source>Moves the platform, one axis after the other, with a designed motion that reveals how it answers its cues, then writes the platform&apos;s model into the session folder for the dry run. About %1 min with the seat empty and the platform in CUEING; STOP ends it at any time.</source>
        <translation>Bewegt die Plattform Achse für Achse mit einer dafür entworfenen Bewegung, die zeigt, wie sie ihren Bewegungsreizen folgt, und schreibt daraus das Plattformmodell für die Probefahrt in den Sitzungsordner. Etwa %1 min mit leerem Sitz und der Plattform in Bewegung (CUEING); STOPP beendet es jederzeit.</translation>
    </message>
    <message>
        <source>&amp;Start measuring</source>
        <translation>Vermessung &amp;starten</translation>
    </message>
    <message>
        <source>&amp;Use in the dry run</source>
        <translation>In der Probefahrt &amp;verwenden</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>The measurement moves the platform on every axis for about %1 min. Only with the seat empty and the area clear.</source>
        <translation>Die Vermessung bewegt die Plattform etwa %1 min lang auf jeder Achse. Nur mit leerem Sitz und freiem Bereich.</translation>
    </message>
    <message>
        <source>Not started.</source>
        <translation>Nicht gestartet.</translation>
    </message>
    <message>
        <source>Handing the seat over from the simulator; %1 left.</source>
        <translation>Der Sitz wird vom Simulator übernommen; noch %1.</translation>
    </message>
    <message>
        <source>Axis %1 of 6 (%2); %3 left.</source>
        <translation>Achse %1 von 6 (%2); noch %3.</translation>
    </message>
    <message>
        <source>Measured: every axis. The platform&apos;s cues ramp back in.</source>
        <translation>Vermessen: alle Achsen. Die Bewegungsreize fahren wieder hoch.</translation>
    </message>
    <message>
        <source>Not started: %1.</source>
        <translation>Nicht gestartet: %1.</translation>
    </message>
    <message>
        <source>Stopped after %1 of 6 axes: %2.</source>
        <translation>Nach %1 von 6 Achsen beendet: %2.</translation>
    </message>
    <message>
        <source>Identifying the platform&apos;s model from what was measured…</source>
        <translation>Das Plattformmodell wird aus den Messungen bestimmt…</translation>
    </message>
    <message>
        <source>No model written: %1</source>
        <translation>Kein Modell geschrieben: %1</translation>
    </message>
    <message>
        <source>Model written: %1
Identified: %2. Kept as assumed (not excited enough): %3.%4</source>
        <translation>Modell geschrieben: %1
Bestimmt: %2. Wie angenommen belassen (zu wenig angeregt): %3.%4</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>The measurement did not finish: this model is partial.</source>
        <translation>Die Vermessung wurde nicht beendet: Dieses Modell ist unvollständig.</translation>
    </message>
    <message>
        <source>Open the page</source>
        <translation>Seite öffnen</translation>
    </message>
    <message>
        <source>No program on this desktop opens the page. It is:
%1</source>
        <translation>Kein Programm auf diesem Desktop öffnet die Seite. Sie liegt hier:
%1</translation>
    </message>
    <message>
        <source>The platform&apos;s model, for the dry run (about %1 min)</source>
        <translation>Das Plattformmodell, für die Probefahrt (etwa %1 min)</translation>
    </message>
    <message>
        <source>The OMCT&apos;s ten tests, measured beside the prediction (about %1 min)</source>
        <translation>Die zehn Tests des OMCT, gemessen neben der Vorhersage (etwa %1 min)</translation>
    </message>
    <message>
        <source>Moves the platform through the cueing with the aircraft&apos;s motion on each input axis in turn (twelve frequencies at once), then writes each test&apos;s measured gain and phase beside what the dry run predicts, with a page to read, into the session folder. About %1 min with the seat empty and the platform in CUEING; STOP ends it at any time.</source>
        <translation>Bewegt die Plattform über die Bewegungsreize mit der Bewegung des Luftfahrzeugs auf jeder Eingangsachse nacheinander (zwölf Frequenzen zugleich) und schreibt dann für jeden Test die gemessene Verstärkung und Phase neben die Vorhersage der Probefahrt, mit einer lesbaren Seite, in den Sitzungsordner. Etwa %1 min mit leerem Sitz und der Plattform in Bewegung (CUEING); STOPP beendet es jederzeit.</translation>
    </message>
    <message>
        <source>&amp;Open the page</source>
        <translation>Seite &amp;öffnen</translation>
    </message>
    <message>
        <source>Input %1 of 6 (the aircraft&apos;s %2); %3 left.</source>
        <translation>Eingang %1 von 6 (%2 des Luftfahrzeugs); noch %3.</translation>
    </message>
    <message>
        <source>Measured: every input. The platform&apos;s cues ramp back in.</source>
        <translation>Vermessen: alle Eingänge. Die Bewegungsreize fahren wieder hoch.</translation>
    </message>
    <message>
        <source>Stopped after %1 of 6 inputs: %2.</source>
        <translation>Nach %1 von 6 Eingängen beendet: %2.</translation>
    </message>
    <message>
        <source>Working out each test&apos;s gain and phase from what was measured…</source>
        <translation>Verstärkung und Phase jedes Tests werden aus den Messungen bestimmt…</translation>
    </message>
    <message>
        <source>No results written: %1. Choose a session folder that can be written (Session panel) and measure again.</source>
        <translation>Keine Ergebnisse geschrieben: %1. Einen beschreibbaren Sitzungsordner wählen (Bereich „Sitzung“) und erneut messen.</translation>
    </message>
    <message>
        <source>Measured %1 of 10 tests.</source>
        <translation>%1 von 10 Tests gemessen.</translation>
    </message>
    <message>
        <source>The measurement did not finish: these results are partial.</source>
        <translation>Die Vermessung wurde nicht beendet: Diese Ergebnisse sind unvollständig.</translation>
    </message>
    <message>
        <source>The recording paused on %1: the platform did not get the motion as designed there. Measure again with nothing else running on the PC.</source>
        <translation>Die Aufzeichnung setzte bei %1 aus: Die Plattform bekam dort nicht die entworfene Bewegung. Erneut messen, ohne dass anderes auf dem PC läuft.</translation>
    </message>
    <message>
        <source>No test agrees with itself between its two periods: the results say nothing. Check that the platform follows its cues (rig check), then measure again.</source>
        <translation>Kein Test stimmt zwischen seinen beiden Perioden mit sich überein: Die Ergebnisse sagen nichts aus. Prüfen, ob die Plattform ihren Bewegungsreizen folgt (Prüfstandsprüfung), dann erneut messen.</translation>
    </message>
    <message>
        <source>The OMCT&apos;s page: %1
%2</source>
        <translation>Die Seite des OMCT: %1
%2</translation>
    </message>
    <message>
        <source>The plots could not be written (%1): the page shows the figures without them.</source>
        <translation>Die Diagramme konnten nicht geschrieben werden (%1): Die Seite zeigt die Zahlen ohne sie.</translation>
    </message>
</context>
<context>
    <name>hil::MotionPanel</name>
    <message>
        <source>Start cueing</source>
        <translation>Bewegung starten</translation>
    </message>
    <message>
        <source>The motion platform link is not running (start with --raven or --emulate raven).</source>
        <translation>Die Verbindung zur Bewegungsplattform läuft nicht (mit --raven oder --emulate raven starten).</translation>
    </message>
    <message>
        <source>STOP</source>
        <translation>STOPP</translation>
    </message>
    <message>
        <source>Zero the cues and brake the platform (Esc)</source>
        <translation>Vorgaben auf null und Plattform bremsen (Esc)</translation>
    </message>
    <message>
        <source>Motion platform</source>
        <translation>Plattform</translation>
    </message>
    <message>
        <source>Platform status</source>
        <translation>Plattformstatus</translation>
    </message>
    <message>
        <source>Motor %1</source>
        <translation>Motor %1</translation>
    </message>
    <message>
        <source>Motors OK</source>
        <translation>Motoren in Ordnung</translation>
    </message>
    <message>
        <source>Mode (reported)</source>
        <translation>Modus (gemeldet)</translation>
    </message>
    <message>
        <source>Thermal</source>
        <translation>Temperaturschutz</translation>
    </message>
    <message>
        <source>Status word</source>
        <translation>Statuswort</translation>
    </message>
    <message>
        <source>Frames sent / received</source>
        <translation>Pakete gesendet / empfangen</translation>
    </message>
    <message>
        <source>Temperatures</source>
        <translation>Temperaturen</translation>
    </message>
    <message>
        <source>Firmware</source>
        <translation>Firmware</translation>
    </message>
    <message>
        <source>Watchdog</source>
        <translation>Watchdog</translation>
    </message>
    <message>
        <source>Mode request</source>
        <translation>Modus anfordern</translation>
    </message>
    <message>
        <source>Ask the platform for %1; the button lights when the platform reports it</source>
        <translation>%1 bei der Plattform anfordern; die Taste leuchtet, sobald die Plattform ihn meldet</translation>
    </message>
    <message>
        <source>Pose (reported by the platform)</source>
        <translation>Lage (von der Plattform gemeldet)</translation>
    </message>
    <message>
        <source>The link sends acceleration and angle cues; it exposes no commanded pose, so only the platform&apos;s report is shown.</source>
        <translation>Die Verbindung sendet Beschleunigungs- und Winkelvorgaben; eine vorgegebene Lage stellt sie nicht bereit, daher wird nur die Meldung der Plattform gezeigt.</translation>
    </message>
    <message>
        <source>Surge</source>
        <translation>Längs</translation>
    </message>
    <message>
        <source>Sway</source>
        <translation>Quer</translation>
    </message>
    <message>
        <source>Heave</source>
        <translation>Hub</translation>
    </message>
    <message>
        <source>Roll</source>
        <translation>Rollen</translation>
    </message>
    <message>
        <source>Pitch</source>
        <translation>Nicken</translation>
    </message>
    <message>
        <source>Yaw</source>
        <translation>Gieren</translation>
    </message>
    <message>
        <source>Cueing settings not applied: the motion platform link is not running.</source>
        <translation>Bewegungseinstellungen nicht übernommen: Die Verbindung zur Bewegungsplattform läuft nicht.</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>Normal</translation>
    </message>
    <message>
        <source>Overheat protection</source>
        <translation>Überhitzungsschutz</translation>
    </message>
    <message>
        <source>cue gain %1, simulator %2, %3 trips%4</source>
        <translation>Vorgabeverstärkung %1, Simulator %2, %3 Auslösungen%4</translation>
    </message>
    <message>
        <source>fresh</source>
        <translation>aktuell</translation>
    </message>
    <message>
        <source>stale</source>
        <translation>veraltet</translation>
    </message>
    <message>
        <source>, STOPPED</source>
        <translation>, GESTOPPT</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Einzelheiten</translation>
    </message>
    <message>
        <source>Cueing settings were saved with the old sign convention (sway right, pitch nose up, yaw nose right). The platform frame is now right-handed (x forward, y left, z up): every axis&apos;s invert was cleared. Run the axis check before cueing a rider.</source>
        <translation>Die Bewegungseinstellungen wurden mit der alten Vorzeichenkonvention gespeichert (Quer nach rechts, Nicken Nase hoch, Gieren Nase nach rechts). Das Plattform-Koordinatensystem ist jetzt rechtshändig (x vorn, y links, z oben): „Umkehren“ wurde für jede Achse zurückgesetzt. Vor dem Bewegen eines Fahrers die Achsprüfung ausführen.</translation>
    </message>
    <message>
        <source>%1 new simulator states per second (at least %2)</source>
        <translation>%1 neue Simulatorzustände pro Sekunde (mindestens %2)</translation>
    </message>
    <message>
        <source>the simulation runs at %1 % of real time (at least %2 %)</source>
        <translation>die Simulation läuft mit %1 % der Echtzeit (mindestens %2 %)</translation>
    </message>
    <message>
        <source>%1 PX4 lockstep timeouts in a second (at most %2)</source>
        <translation>%1 PX4-Lockstep-Zeitüberschreitungen in einer Sekunde (höchstens %2)</translation>
    </message>
    <message>
        <source>%1 % of the simulator&apos;s frames lost on the way to PX4 (at most %2 %)</source>
        <translation>%1 % der Simulatorframes auf dem Weg zu PX4 verloren (höchstens %2 %)</translation>
    </message>
    <message>
        <source>simulator values no aircraft can produce</source>
        <translation>Simulatorwerte, die kein Luftfahrzeug erreichen kann</translation>
    </message>
    <message>
        <source>the platform&apos;s %1 at its limit %2 % of the time (at most %3 %)</source>
        <translation>Plattform-Achse %1 %2 % der Zeit an ihrer Grenze (höchstens %3 %)</translation>
    </message>
    <message>
        <source>the platform&apos;s %1 thrown from limit to limit in %2 s</source>
        <translation>Plattform-Achse %1 in %2 s von Grenze zu Grenze geworfen</translation>
    </message>
    <message>
        <source>Loop degraded, cues held at neutral: %1. They ramp back in after %2 s without a problem (%3 s so far).</source>
        <translation>Regelkreis gestört, Bewegungsreize neutral gehalten: %1. Sie fahren nach %2 s ohne Problem wieder hoch (bisher %3 s).</translation>
    </message>
    <message>
        <source>STOP button mapped on %1 (present)</source>
        <translation>STOPP-Taste auf %1 belegt (vorhanden)</translation>
    </message>
    <message>
        <source>no STOP button mapped on %1</source>
        <translation>keine STOPP-Taste auf %1 belegt</translation>
    </message>
    <message>
        <source>the pilot&apos;s input device is not present</source>
        <translation>das Eingabegerät des Piloten ist nicht vorhanden</translation>
    </message>
    <message>
        <source>enabling button held</source>
        <translation>Zustimmtaste gehalten</translation>
    </message>
    <message>
        <source>enabling button released: cues held at neutral</source>
        <translation>Zustimmtaste losgelassen: Bewegungsreize neutral gehalten</translation>
    </message>
    <message>
        <source>Pilot: %1</source>
        <translation>Pilot: %1</translation>
    </message>
    <message>
        <source>Procedure step 2 or 5: who is on the platform?</source>
        <translation>Ablauf Schritt 2 oder 5: Wer ist auf der Plattform?</translation>
    </message>
    <message>
        <source>The platform will follow the simulator at master gain %1. Seat empty (step 2, the checks): the area clear. Rider strapped in (step 5, the ride): a first ride starts at master gain 0.3 or lower, and the platform&apos;s own emergency stop is within the operator&apos;s reach.</source>
        <translation>Die Plattform folgt dem Simulator mit Gesamtverstärkung %1. Sitz leer (Schritt 2, die Prüfungen): der Bereich frei. Fahrgast angeschnallt (Schritt 5, die Fahrt): Eine erste Fahrt beginnt mit Gesamtverstärkung 0,3 oder weniger, und der Not-Halt der Plattform ist in Reichweite des Bedieners.</translation>
    </message>
    <message>
        <source>Seat empty (step 2)</source>
        <translation>Sitz leer (Schritt 2)</translation>
    </message>
    <message>
        <source>Rider strapped in (step 5)</source>
        <translation>Fahrgast angeschnallt (Schritt 5)</translation>
    </message>
    <message>
        <source>Loop degraded, cues held at neutral: %1. STOP is latched: nothing moves until a mode is picked.</source>
        <translation>Regelkreis gestört, Bewegungsreize neutral gehalten: %1. STOPP ist aktiv: nichts bewegt sich, bis ein Modus gewählt wird.</translation>
    </message>
</context>
<context>
    <name>hil::PilotAxesView</name>
    <message>
        <source>Axis %1</source>
        <translation>Achse %1</translation>
    </message>
    <message>
        <source>No reading from the device yet</source>
        <translation>Noch kein Messwert vom Gerät</translation>
    </message>
</context>
<context>
    <name>hil::PilotPanel</name>
    <message>
        <source>Pilot&apos;s device</source>
        <translation>Eingabegerät des Piloten</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>Geräte</translation>
    </message>
    <message>
        <source>Sticks</source>
        <translation>Knüppel</translation>
    </message>
    <message>
        <source>Roll</source>
        <translation>Rollen</translation>
    </message>
    <message>
        <source>Pitch</source>
        <translation>Nicken</translation>
    </message>
    <message>
        <source>Yaw</source>
        <translation>Gieren</translation>
    </message>
    <message>
        <source>Throttle</source>
        <translation>Gas</translation>
    </message>
    <message>
        <source>Buttons</source>
        <translation>Tasten</translation>
    </message>
    <message>
        <source>Mapping</source>
        <translation>Zuordnung</translation>
    </message>
    <message>
        <source>Set up…</source>
        <translation>Einrichten…</translation>
    </message>
    <message>
        <source>Sent to</source>
        <translation>Gesendet an</translation>
    </message>
    <message>
        <source>PX4</source>
        <translation>PX4</translation>
    </message>
    <message>
        <source>PX4&apos;s verdict</source>
        <translation>Urteil von PX4</translation>
    </message>
    <message>
        <source>RealFlight</source>
        <translation>RealFlight</translation>
    </message>
    <message>
        <source>Aileron</source>
        <translation>Querruder</translation>
    </message>
    <message>
        <source>Elevator</source>
        <translation>Höhenruder</translation>
    </message>
    <message>
        <source>Rudder</source>
        <translation>Seitenruder</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <source>ch </source>
        <translation>K. </translation>
    </message>
    <message>
        <source>RealFlight channel 1-12; none: RealFlight&apos;s own controller</source>
        <translation>RealFlight-Kanal 1-12; keiner: RealFlights eigene Steuerung</translation>
    </message>
    <message>
        <source>rev.</source>
        <translation>umgek.</translation>
    </message>
    <message>
        <source>Reversed</source>
        <translation>Umgekehrt</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Übernehmen</translation>
    </message>
    <message>
        <source>RealFlight&apos;s channels from the pilot</source>
        <translation>RealFlight-Kanäle vom Piloten</translation>
    </message>
    <message>
        <source>STOP</source>
        <translation>STOPP</translation>
    </message>
    <message>
        <source>Enabling</source>
        <translation>Zustimmtaste</translation>
    </message>
    <message>
        <source>No pilot input link is running. Start it with --pilot joystick (a joystick, gamepad or USB transmitter) or --pilot realflight, or from the Links panel.</source>
        <translation>Keine Piloteneingabe aktiv. Starten mit --pilot joystick (Joystick, Gamepad oder USB-Sender) oder --pilot realflight, oder im Bereich Verbindungen.</translation>
    </message>
    <message>
        <source>Pilot</source>
        <translation>Pilot</translation>
    </message>
    <message>
        <source>Channel map not applied: the FlightAxis link is not running.</source>
        <translation>Kanalzuordnung nicht übernommen: Die FlightAxis-Verbindung läuft nicht.</translation>
    </message>
    <message>
        <source>Channel map not applied: %1</source>
        <translation>Kanalzuordnung nicht übernommen: %1</translation>
    </message>
    <message>
        <source>%1: not mapped</source>
        <translation>%1: nicht zugeordnet</translation>
    </message>
    <message>
        <source>axis %1</source>
        <translation>Achse %1</translation>
    </message>
    <message>
        <source>reversed</source>
        <translation>umgekehrt</translation>
    </message>
    <message>
        <source>dead-band %1 %</source>
        <translation>Totzone %1 %</translation>
    </message>
    <message>
        <source>expo %1 %</source>
        <translation>Expo %1 %</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>arm</source>
        <translation>scharfschalten</translation>
    </message>
    <message>
        <source>disarm</source>
        <translation>entschärfen</translation>
    </message>
    <message>
        <source>take off</source>
        <translation>starten</translation>
    </message>
    <message>
        <source>land</source>
        <translation>landen</translation>
    </message>
    <message>
        <source>return</source>
        <translation>zurückkehren</translation>
    </message>
    <message>
        <source>hold</source>
        <translation>halten</translation>
    </message>
    <message>
        <source>Position mode</source>
        <translation>Modus Position</translation>
    </message>
    <message>
        <source>Altitude mode</source>
        <translation>Modus Höhe</translation>
    </message>
    <message>
        <source>Stabilized mode</source>
        <translation>Modus Stabilisiert</translation>
    </message>
    <message>
        <source>Manual mode</source>
        <translation>Modus Manuell</translation>
    </message>
    <message>
        <source>button %1: %2</source>
        <translation>Taste %1: %2</translation>
    </message>
    <message>
        <source>button %1: enabling (cues pass while held)</source>
        <translation>Taste %1: Zustimmtaste (Bewegungsreize nur solange gehalten)</translation>
    </message>
    <message>
        <source>Buttons: none mapped</source>
        <translation>Tasten: keine zugeordnet</translation>
    </message>
    <message>
        <source>Buttons: %1</source>
        <translation>Tasten: %1</translation>
    </message>
    <message>
        <source>%1 (%2) — flies</source>
        <translation>%1 (%2) — fliegt</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>no device present</source>
        <translation>kein Gerät vorhanden</translation>
    </message>
    <message>
        <source>%1 at %2 Hz</source>
        <translation>%1 mit %2 Hz</translation>
    </message>
    <message>
        <source>waiting for a device</source>
        <translation>warte auf ein Gerät</translation>
    </message>
    <message>
        <source>%1 lost: the sticks are not used</source>
        <translation>%1 verloren: Die Knüppel werden nicht verwendet</translation>
    </message>
    <message>
        <source>shown once a device flies</source>
        <translation>wird angezeigt, sobald ein Gerät fliegt</translation>
    </message>
    <message>
        <source>MANUAL_CONTROL at %1 Hz (%2 sent)</source>
        <translation>MANUAL_CONTROL mit %1 Hz (%2 gesendet)</translation>
    </message>
    <message>
        <source>MANUAL_CONTROL not sent (no active pilot device)</source>
        <translation>MANUAL_CONTROL wird nicht gesendet (kein aktives Eingabegerät)</translation>
    </message>
    <message>
        <source>no PX4 ground-station link (start with --px4 or --emulate px4)</source>
        <translation>keine PX4-Bodenstationsverbindung (starten mit --px4 oder --emulate px4)</translation>
    </message>
    <message>
        <source>channels from the pilot at %1 Hz (%2 exchanges)</source>
        <translation>Kanäle vom Piloten mit %1 Hz (%2 Austausche)</translation>
    </message>
    <message>
        <source>channels from the autopilot (PX4): the pilot flies through PX4</source>
        <translation>Kanäle vom Autopiloten (PX4): Der Pilot fliegt über PX4</translation>
    </message>
    <message>
        <source>RealFlight&apos;s own controller has the channels</source>
        <translation>RealFlights eigene Steuerung hat die Kanäle</translation>
    </message>
    <message>
        <source>no FlightAxis link (start with --flightaxis or --emulate flightaxis)</source>
        <translation>keine FlightAxis-Verbindung (starten mit --flightaxis oder --emulate flightaxis)</translation>
    </message>
    <message>
        <source>the platform has no pilot device</source>
        <translation>die Plattform hat kein Eingabegerät des Piloten</translation>
    </message>
    <message>
        <source>mapped on %1; pressed %2 times</source>
        <translation>auf %1 belegt; %2-mal gedrückt</translation>
    </message>
    <message>
        <source>no STOP button mapped on %1</source>
        <translation>keine STOPP-Taste auf %1 belegt</translation>
    </message>
    <message>
        <source>held: cues pass</source>
        <translation>gehalten: Bewegungsreize gehen durch</translation>
    </message>
    <message>
        <source>released: cues held at neutral</source>
        <translation>losgelassen: Bewegungsreize neutral gehalten</translation>
    </message>
    <message>
        <source>none configured</source>
        <translation>keine eingerichtet</translation>
    </message>
    <message>
        <source>no motion link</source>
        <translation>keine Verbindung zur Bewegungsplattform</translation>
    </message>
    <message>
        <source>RealFlight&apos;s transmitter</source>
        <translation>der Sender von RealFlight</translation>
    </message>
    <message>
        <source>the joystick named &quot;%1&quot;</source>
        <translation>den Joystick namens „%1“</translation>
    </message>
    <message>
        <source>joystick %1</source>
        <translation>Joystick %1</translation>
    </message>
    <message>
        <source>a joystick</source>
        <translation>einen Joystick</translation>
    </message>
    <message>
        <source>none of these flies: waiting for %1 (the Links panel&apos;s Pilot input row says which)</source>
        <translation>keines davon fliegt: warte auf %1 (die Zeile Piloteneingabe im Bereich Verbindungen legt es fest)</translation>
    </message>
</context>
<context>
    <name>hil::PilotSetupDialog</name>
    <message>
        <source>roll</source>
        <translation>Rollen</translation>
    </message>
    <message>
        <source>pitch</source>
        <translation>Nicken</translation>
    </message>
    <message>
        <source>yaw</source>
        <translation>Gieren</translation>
    </message>
    <message>
        <source>throttle</source>
        <translation>Schub</translation>
    </message>
    <message>
        <source>Move the stick you use for &lt;b&gt;roll&lt;/b&gt; fully to the &lt;b&gt;right&lt;/b&gt;, then let it return to the centre.</source>
        <translation>Den Knüppel für &lt;b&gt;Rollen&lt;/b&gt; ganz nach &lt;b&gt;rechts&lt;/b&gt; bewegen, dann in die Mitte zurückkehren lassen.</translation>
    </message>
    <message>
        <source>Push the stick you use for &lt;b&gt;pitch&lt;/b&gt; fully &lt;b&gt;forward&lt;/b&gt; (away from you), then let it return to the centre.</source>
        <translation>Den Knüppel für &lt;b&gt;Nicken&lt;/b&gt; ganz nach &lt;b&gt;vorn&lt;/b&gt; (von sich weg) drücken, dann in die Mitte zurückkehren lassen.</translation>
    </message>
    <message>
        <source>Move the stick or pedals you use for &lt;b&gt;yaw&lt;/b&gt; (rudder) fully to the &lt;b&gt;right&lt;/b&gt;, then let it return to the centre.</source>
        <translation>Den Knüppel oder die Pedale für &lt;b&gt;Gieren&lt;/b&gt; (Seitenruder) ganz nach &lt;b&gt;rechts&lt;/b&gt; bewegen, dann in die Mitte zurückkehren lassen.</translation>
    </message>
    <message>
        <source>Put the &lt;b&gt;throttle&lt;/b&gt; at idle, then move it to &lt;b&gt;full&lt;/b&gt;.</source>
        <translation>Den &lt;b&gt;Schub&lt;/b&gt; auf Leerlauf stellen, dann auf &lt;b&gt;Vollgas&lt;/b&gt; bewegen.</translation>
    </message>
    <message>
        <source>Press the button for &lt;b&gt;STOP&lt;/b&gt; (the platform&apos;s stop).</source>
        <translation>Die Taste für &lt;b&gt;STOPP&lt;/b&gt; drücken (der Halt der Plattform).</translation>
    </message>
    <message>
        <source>Press the &lt;b&gt;enabling&lt;/b&gt; (dead-man) button: the platform&apos;s cues pass only while it is held.</source>
        <translation>Die &lt;b&gt;Zustimmtaste&lt;/b&gt; (Totmanntaste) drücken: Bewegungsreize der Plattform gehen nur durch, solange sie gehalten wird.</translation>
    </message>
    <message>
        <source>Press the button for &lt;b&gt;arm&lt;/b&gt;.</source>
        <translation>Die Taste für &lt;b&gt;Scharfschalten&lt;/b&gt; drücken.</translation>
    </message>
    <message>
        <source>Press the button for &lt;b&gt;disarm&lt;/b&gt;.</source>
        <translation>Die Taste für &lt;b&gt;Entschärfen&lt;/b&gt; drücken.</translation>
    </message>
    <message>
        <source>Press the button for &lt;b&gt;take-off&lt;/b&gt;.</source>
        <translation>Die Taste für &lt;b&gt;Start&lt;/b&gt; drücken.</translation>
    </message>
    <message>
        <source>Press the button for &lt;b&gt;land&lt;/b&gt;.</source>
        <translation>Die Taste für &lt;b&gt;Landen&lt;/b&gt; drücken.</translation>
    </message>
    <message>
        <source>Press the button for &lt;b&gt;return&lt;/b&gt;.</source>
        <translation>Die Taste für &lt;b&gt;Rückkehr&lt;/b&gt; drücken.</translation>
    </message>
    <message>
        <source>Press the button for &lt;b&gt;hold&lt;/b&gt;.</source>
        <translation>Die Taste für &lt;b&gt;Halten&lt;/b&gt; drücken.</translation>
    </message>
    <message>
        <source>Pilot device set-up</source>
        <translation>Eingabegerät des Piloten einrichten</translation>
    </message>
    <message>
        <source>Choose the device to set up. While the set-up runs, the device&apos;s sticks and buttons are &lt;b&gt;not used&lt;/b&gt; (the link reports no pilot); they are used again only after Finish, or, for a device calibrated before, after Cancel. For a stick and a separate throttle, set up each device in turn: their controls are combined.</source>
        <translation>Das einzurichtende Gerät wählen. Während der Einrichtung werden Knüppel und Tasten des Geräts &lt;b&gt;nicht verwendet&lt;/b&gt; (die Verbindung meldet keinen Piloten); wieder verwendet werden sie erst nach „Fertig“ oder, bei einem schon kalibrierten Gerät, nach „Abbrechen“. Für einen Knüppel und einen getrennten Schubhebel jedes Gerät nacheinander einrichten: ihre Steuerwerte werden zusammengeführt.</translation>
    </message>
    <message>
        <source>Centre all sticks and let go of them; put the throttle where it rests. Then press Next.</source>
        <translation>Alle Knüppel mittig loslassen; den Schub in seine Ruhelage bringen. Dann „Weiter“ drücken.</translation>
    </message>
    <message>
        <source>Move &lt;b&gt;every&lt;/b&gt; axis to both ends, a few times (sticks in circles, the throttle and any slider from end to end). Then press Next.</source>
        <translation>&lt;b&gt;Jede&lt;/b&gt; Achse einige Male an beide Enden bewegen (Knüppel im Kreis, Schub und Schieberegler von Anschlag zu Anschlag). Dann „Weiter“ drücken.</translation>
    </message>
    <message>
        <source>Or take a preset for a gamepad-layout device:</source>
        <translation>Oder eine Vorgabe für ein Gerät im Gamepad-Layout nehmen:</translation>
    </message>
    <message>
        <source>Mode %1</source>
        <translation>Modus %1</translation>
    </message>
    <message>
        <source>Left stick: yaw and pitch; right stick: roll and throttle</source>
        <translation>Linker Knüppel: Gieren und Nicken; rechter Knüppel: Rollen und Schub</translation>
    </message>
    <message>
        <source>Left stick: yaw and throttle; right stick: roll and pitch</source>
        <translation>Linker Knüppel: Gieren und Schub; rechter Knüppel: Rollen und Nicken</translation>
    </message>
    <message>
        <source>Dead-band: how far a stick may move from the centre before it counts. Expo: softer around the centre (0 linear, 1 cubic). Watch the result below.</source>
        <translation>Totzone: wie weit ein Knüppel aus der Mitte bewegt werden darf, bevor es zählt. Expo: weicher um die Mitte (0 linear, 1 kubisch). Das Ergebnis steht unten.</translation>
    </message>
    <message>
        <source>Stick dead-band</source>
        <translation>Knüppel-Totzone</translation>
    </message>
    <message>
        <source>Stick expo</source>
        <translation>Knüppel-Expo</translation>
    </message>
    <message>
        <source>Throttle dead-band</source>
        <translation>Schub-Totzone</translation>
    </message>
    <message>
        <source>&lt; Back</source>
        <translation>&lt; Zurück</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>Überspringen</translation>
    </message>
    <message>
        <source>Next &gt;</source>
        <translation>Weiter &gt;</translation>
    </message>
    <message>
        <source>Finish</source>
        <translation>Fertig</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>The pilot input link is not running: start the program with --pilot joystick to set up a device.</source>
        <translation>Die Piloten-Eingabeverbindung läuft nicht: das Programm mit --pilot joystick starten, um ein Gerät einzurichten.</translation>
    </message>
    <message>
        <source> (set up before)</source>
        <translation> (schon eingerichtet)</translation>
    </message>
    <message>
        <source>Held now: %1</source>
        <translation>Gerade gehalten: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Now: roll %1  pitch %2  yaw %3  throttle %4</source>
        <translation>Jetzt: Rollen %1  Nicken %2  Gieren %3  Schub %4</translation>
    </message>
    <message>
        <source>1. Device</source>
        <translation>1. Gerät</translation>
    </message>
    <message>
        <source>2. Centre</source>
        <translation>2. Mitte</translation>
    </message>
    <message>
        <source>3. Range</source>
        <translation>3. Bereich</translation>
    </message>
    <message>
        <source>4. Axes</source>
        <translation>4. Achsen</translation>
    </message>
    <message>
        <source>5. Feel</source>
        <translation>5. Gefühl</translation>
    </message>
    <message>
        <source>6. Buttons</source>
        <translation>6. Tasten</translation>
    </message>
    <message>
        <source>7. Finish</source>
        <translation>7. Abschluss</translation>
    </message>
    <message>
        <source> (rev.)</source>
        <translation> (umgek.)</translation>
    </message>
    <message>
        <source>The map file cannot be read (%1); Finish replaces it.</source>
        <translation>Die Zuordnungsdatei ist nicht lesbar (%1); „Fertig“ ersetzt sie.</translation>
    </message>
    <message>
        <source>Waiting for the device&apos;s first reading…</source>
        <translation>Warte auf den ersten Messwert des Geräts…</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; is not used while it is being set up.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; wird während der Einrichtung nicht verwendet.</translation>
    </message>
    <message>
        <source>Not moved yet: axis %1.</source>
        <translation>Noch nicht bewegt: Achse %1.</translation>
    </message>
    <message>
        <source>Waiting for an axis to move… (Skip: %1 is not mapped)</source>
        <translation>Warte auf eine Achsbewegung… (Überspringen: %1 wird nicht zugeordnet)</translation>
    </message>
    <message>
        <source>Found: %1 is axis %2%3. Next to keep it, Back to try again.</source>
        <translation>Gefunden: %1 ist Achse %2%3. „Weiter“ übernimmt, „Zurück“ versucht es erneut.</translation>
    </message>
    <message>
        <source>, reversed</source>
        <translation>, umgekehrt</translation>
    </message>
    <message>
        <source>Waiting for a button… (Skip: none)</source>
        <translation>Warte auf eine Taste… (Überspringen: keine)</translation>
    </message>
    <message>
        <source>Found: button %1. Next to keep it.</source>
        <translation>Gefunden: Taste %1. „Weiter“ übernimmt.</translation>
    </message>
    <message>
        <source>%1: not mapped</source>
        <translation>%1: nicht zugeordnet</translation>
    </message>
    <message>
        <source>%1: axis %2%3</source>
        <translation>%1: Achse %2%3</translation>
    </message>
    <message>
        <source>button %1: %2</source>
        <translation>Taste %1: %2</translation>
    </message>
    <message>
        <source>button %1: enabling</source>
        <translation>Taste %1: Zustimmtaste</translation>
    </message>
    <message>
        <source>%1&lt;br&gt;Finish saves this for %2 (%3) in %4 and uses it at once.</source>
        <translation>%1&lt;br&gt;„Fertig“ speichert dies für %2 (%3) in %4 und verwendet es sofort.</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>Nicht gespeichert: %1</translation>
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
    <message>
        <source>Value (angles in °)</source>
        <translation>Wert (Winkel in °)</translation>
    </message>
    <message>
        <source>Value (SI)</source>
        <translation>Wert (SI)</translation>
    </message>
    <message>
        <source>The newest value of each signal with its unit</source>
        <translation>Der neueste Wert jedes Signals mit Einheit</translation>
    </message>
    <message>
        <source>Angles in °</source>
        <translation>Winkel in °</translation>
    </message>
    <message>
        <source>Show angles and angular rates in degrees; the files and the default view are SI (rad)</source>
        <translation>Winkel und Drehraten in Grad zeigen; die Dateien und die Standardansicht sind SI (rad)</translation>
    </message>
    <message>
        <source>Legends</source>
        <translation>Legenden</translation>
    </message>
    <message>
        <source>Show each plot&apos;s legend beside it</source>
        <translation>Die Legende jedes Diagramms daneben zeigen</translation>
    </message>
</context>
<context>
    <name>hil::Px4Mode</name>
    <message>
        <source>Manual</source>
        <translation>Manuell</translation>
    </message>
    <message>
        <source>Altitude</source>
        <translation>Höhe</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>Position</translation>
    </message>
    <message>
        <source>Orbit</source>
        <translation>Kreisen</translation>
    </message>
    <message>
        <source>Position slow</source>
        <translation>Position langsam</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <source>Takeoff</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>Hold</source>
        <translation>Halten</translation>
    </message>
    <message>
        <source>Mission</source>
        <translation>Mission</translation>
    </message>
    <message>
        <source>Return</source>
        <translation>Rückkehr</translation>
    </message>
    <message>
        <source>Land</source>
        <translation>Landen</translation>
    </message>
    <message>
        <source>Follow target</source>
        <translation>Ziel folgen</translation>
    </message>
    <message>
        <source>Precision land</source>
        <translation>Präzisionslandung</translation>
    </message>
    <message>
        <source>VTOL takeoff</source>
        <translation>VTOL-Start</translation>
    </message>
    <message>
        <source>Acro</source>
        <translation>Akro</translation>
    </message>
    <message>
        <source>Offboard</source>
        <translation>Offboard</translation>
    </message>
    <message>
        <source>Stabilized</source>
        <translation>Stabilisiert</translation>
    </message>
    <message>
        <source>Rattitude</source>
        <translation>Rattitude</translation>
    </message>
    <message>
        <source>Termination</source>
        <translation>Abbruch</translation>
    </message>
    <message>
        <source>Altitude cruise</source>
        <translation>Höhe (Reiseflug)</translation>
    </message>
</context>
<context>
    <name>hil::Px4Panel</name>
    <message>
        <source>The PX4 link is not running (start with --px4 or --emulate px4).</source>
        <translation>Die PX4-Verbindung läuft nicht (mit --px4 oder --emulate px4 starten).</translation>
    </message>
    <message>
        <source>PX4 link</source>
        <translation>PX4-Verbindung</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>Verbindung</translation>
    </message>
    <message>
        <source>Armed</source>
        <translation>Scharf</translation>
    </message>
    <message>
        <source>Lockstep</source>
        <translation>Lockstep</translation>
    </message>
    <message>
        <source>Lockstep timeouts</source>
        <translation>Lockstep-Zeitüberschreitungen</translation>
    </message>
    <message>
        <source>Sensors sent / actuators received</source>
        <translation>Sensoren gesendet / Aktuatoren empfangen</translation>
    </message>
    <message>
        <source>Actuator outputs (RealFlight channels)</source>
        <translation>Aktuatorausgänge (RealFlight-Kanäle)</translation>
    </message>
    <message>
        <source>Channel %1</source>
        <translation>Kanal %1</translation>
    </message>
    <message>
        <source>Channel mapping</source>
        <translation>Kanalzuordnung</translation>
    </message>
    <message>
        <source>PX4 output</source>
        <translation>PX4-Ausgang</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Kanal</translation>
    </message>
    <message>
        <source>Scale</source>
        <translation>Skalierung</translation>
    </message>
    <message>
        <source>Offset</source>
        <translation>Versatz</translation>
    </message>
    <message>
        <source>Invert</source>
        <translation>Umkehren</translation>
    </message>
    <message>
        <source>Safe value</source>
        <translation>Sicherer Wert</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Quad X</source>
        <translation>Quad X</translation>
    </message>
    <message>
        <source>Fixed wing</source>
        <translation>Starrflügler</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Übernehmen</translation>
    </message>
    <message>
        <source>PX4</source>
        <translation>PX4</translation>
    </message>
    <message>
        <source>Channel mapping not applied: the PX4 link is not running.</source>
        <translation>Kanalzuordnung nicht übernommen: Die PX4-Verbindung läuft nicht.</translation>
    </message>
    <message>
        <source>Channel mapping: %1 row(s) with invalid values were left out.</source>
        <translation>Kanalzuordnung: %1 Zeile(n) mit ungültigen Werten wurden ausgelassen.</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>verbunden</translation>
    </message>
    <message>
        <source>waiting for PX4</source>
        <translation>warte auf PX4</translation>
    </message>
    <message>
        <source>ARMED</source>
        <translation>SCHARF</translation>
    </message>
    <message>
        <source>disarmed</source>
        <translation>nicht scharf</translation>
    </message>
    <message>
        <source>on, %1 Hz</source>
        <translation>an, %1 Hz</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source> m</source>
        <translation> m</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1 V, %2</source>
        <translation>%1 V, %2</translation>
    </message>
    <message>
        <source>%1, satellites: %2</source>
        <translation>%1, Satelliten: %2</translation>
    </message>
    <message>
        <source>2-D fix</source>
        <translation>2D-Fix</translation>
    </message>
    <message>
        <source>3-D fix</source>
        <translation>3D-Fix</translation>
    </message>
    <message>
        <source>Arm</source>
        <translation>Scharf schalten</translation>
    </message>
    <message>
        <source>Arm PX4</source>
        <translation>PX4 scharf schalten</translation>
    </message>
    <message>
        <source>Arm PX4? The motors will spin and the vehicle may take off.</source>
        <translation>PX4 scharf schalten? Die Motoren drehen sich, das Fahrzeug kann abheben.</translation>
    </message>
    <message>
        <source>Battery</source>
        <translation>Akku</translation>
    </message>
    <message>
        <source>DGPS</source>
        <translation>DGPS</translation>
    </message>
    <message>
        <source>Disarm</source>
        <translation>Entschärfen</translation>
    </message>
    <message>
        <source>Flight mode</source>
        <translation>Flugmodus</translation>
    </message>
    <message>
        <source>GPS</source>
        <translation>GPS</translation>
    </message>
    <message>
        <source>Health</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Hold</source>
        <translation>Halten</translation>
    </message>
    <message>
        <source>Land</source>
        <translation>Landen</translation>
    </message>
    <message>
        <source>Landed state</source>
        <translation>Landezustand</translation>
    </message>
    <message>
        <source>PX4 (ground station link)</source>
        <translation>PX4 (Bodenstationsverbindung)</translation>
    </message>
    <message>
        <source>PX4 command not sent: the ground-station link is not running.</source>
        <translation>PX4-Befehl nicht gesendet: Die Bodenstationsverbindung läuft nicht.</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>Position</translation>
    </message>
    <message>
        <source>RC receiver</source>
        <translation>Fernsteuerempfänger</translation>
    </message>
    <message>
        <source>RTK fixed</source>
        <translation>RTK fest</translation>
    </message>
    <message>
        <source>RTK float</source>
        <translation>RTK Float</translation>
    </message>
    <message>
        <source>Return</source>
        <translation>Rückkehr</translation>
    </message>
    <message>
        <source>Status texts</source>
        <translation>Statusmeldungen</translation>
    </message>
    <message>
        <source>Take-off height above home</source>
        <translation>Starthöhe über dem Startpunkt</translation>
    </message>
    <message>
        <source>Takeoff</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>accelerometer</source>
        <translation>Beschleunigungsmesser</translation>
    </message>
    <message>
        <source>accepted</source>
        <translation>angenommen</translation>
    </message>
    <message>
        <source>airspeed</source>
        <translation>Fahrtmesser</translation>
    </message>
    <message>
        <source>all healthy</source>
        <translation>alles in Ordnung</translation>
    </message>
    <message>
        <source>barometer</source>
        <translation>Barometer</translation>
    </message>
    <message>
        <source>battery</source>
        <translation>Akku</translation>
    </message>
    <message>
        <source>denied (%1)</source>
        <translation>abgelehnt (%1)</translation>
    </message>
    <message>
        <source>denied: %1</source>
        <translation>abgelehnt: %1</translation>
    </message>
    <message>
        <source>estimator</source>
        <translation>Schätzer</translation>
    </message>
    <message>
        <source>fix %1</source>
        <translation>Fix %1</translation>
    </message>
    <message>
        <source>gyro</source>
        <translation>Kreisel</translation>
    </message>
    <message>
        <source>in air</source>
        <translation>in der Luft</translation>
    </message>
    <message>
        <source>landing</source>
        <translation>landet</translation>
    </message>
    <message>
        <source>magnetometer</source>
        <translation>Magnetometer</translation>
    </message>
    <message>
        <source>mode %1/%2</source>
        <translation>Modus %1/%2</translation>
    </message>
    <message>
        <source>motor outputs</source>
        <translation>Motorausgänge</translation>
    </message>
    <message>
        <source>no GPS</source>
        <translation>kein GPS</translation>
    </message>
    <message>
        <source>no PX4 heard on the ground-station link</source>
        <translation>kein PX4 auf der Bodenstationsverbindung</translation>
    </message>
    <message>
        <source>no fix</source>
        <translation>kein Fix</translation>
    </message>
    <message>
        <source>no report yet</source>
        <translation>noch keine Meldung</translation>
    </message>
    <message>
        <source>not healthy: %1</source>
        <translation>gestört: %1</translation>
    </message>
    <message>
        <source>on ground</source>
        <translation>am Boden</translation>
    </message>
    <message>
        <source>pre-arm checks</source>
        <translation>Prüfungen vor dem Scharfschalten</translation>
    </message>
    <message>
        <source>remaining unknown</source>
        <translation>Rest unbekannt</translation>
    </message>
    <message>
        <source>sent…</source>
        <translation>gesendet…</translation>
    </message>
    <message>
        <source>taking off</source>
        <translation>startet</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>keine Antwort</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>channel = clamp(offset + scale × ±output, 0, 1); disarmed: safe value. PX4 outputs 1-16 (output 1 = motor 1), RealFlight channels 1-12.</source>
        <translation>Kanal = begrenzt(Versatz + Skalierung × ±Ausgang, 0, 1); nicht scharf: sicherer Wert. PX4-Ausgänge 1-16 (Ausgang 1 = Motor 1), RealFlight-Kanäle 1-12.</translation>
    </message>
    <message>
        <source>Pilot&apos;s sticks</source>
        <translation>Steuerknüppel des Piloten</translation>
    </message>
    <message>
        <source>COM_RC_IN_MODE not read yet</source>
        <translation>COM_RC_IN_MODE noch nicht gelesen</translation>
    </message>
    <message>
        <source>PX4 takes the sticks (COM_RC_IN_MODE %1)</source>
        <translation>PX4 nimmt die Steuerknüppel an (COM_RC_IN_MODE %1)</translation>
    </message>
    <message>
        <source>PX4 takes the sticks only while no RC is chosen (COM_RC_IN_MODE %1); set 1 to be sure</source>
        <translation>PX4 nimmt die Steuerknüppel nur an, solange keine Fernsteuerung gewählt ist (COM_RC_IN_MODE %1); sicher erst mit 1</translation>
    </message>
    <message>
        <source>PX4 ignores the sticks (COM_RC_IN_MODE %1): set COM_RC_IN_MODE to 1</source>
        <translation>PX4 ignoriert die Steuerknüppel (COM_RC_IN_MODE %1): COM_RC_IN_MODE auf 1 setzen</translation>
    </message>
    <message>
        <source>%1; sending MANUAL_CONTROL</source>
        <translation>%1; MANUAL_CONTROL wird gesendet</translation>
    </message>
    <message>
        <source>Auto (%1)</source>
        <translation>Automatisch (%1)</translation>
    </message>
</context>
<context>
    <name>hil::ReplayControl</name>
    <message>
        <source>replay: %1</source>
        <translation>Wiedergabe: %1</translation>
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
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Stop opening this recording</source>
        <translation>Öffnen dieser Aufzeichnung abbrechen</translation>
    </message>
    <message>
        <source>Stop the export; no file is written</source>
        <translation>Export abbrechen; es wird keine Datei geschrieben</translation>
    </message>
    <message>
        <source>opening...</source>
        <translation>wird geöffnet...</translation>
    </message>
    <message>
        <source>Exporting to %1</source>
        <translation>Exportiere nach %1</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) exported to %1</source>
        <translation>
            <numerusform>%n Zeile nach %1 exportiert</numerusform>
            <numerusform>%n Zeilen nach %1 exportiert</numerusform>
        </translation>
    </message>
    <message>
        <source>Export cancelled: no file written</source>
        <translation>Export abgebrochen: keine Datei geschrieben</translation>
    </message>
    <message>
        <source>Procedure step 2 or 5: the platform will move with the recorded flight. Is the area clear, the seat empty or the rider strapped in, and the operator ready to press STOP?</source>
        <translation>Ablauf Schritt 2 oder 5: Die Plattform bewegt sich mit dem aufgezeichneten Flug. Ist der Bereich frei, der Sitz leer oder der Fahrgast angeschnallt, und ist der Bediener bereit, STOP zu drücken?</translation>
    </message>
</context>
<context>
    <name>hil::RigCheckDialog</name>
    <message>
        <source>Rig check</source>
        <translation>Prüfstandsprüfung</translation>
    </message>
    <message>
        <source>Watches every running link and judges what it sees: each check&apos;s figure, its verdict and what to do. The report (report.json, report.html, report.pdf) goes to the session folder&apos;s rig-check.</source>
        <translation>Beobachtet jede laufende Verbindung und beurteilt, was sie zeigt: für jede Prüfung Messwert, Urteil und was zu tun ist. Der Bericht (report.json, report.html, report.pdf) kommt in den Unterordner rig-check des Sitzungsordners.</translation>
    </message>
    <message>
        <source>&amp;Watch for (s):</source>
        <translation>Beobachtungs&amp;dauer (s):</translation>
    </message>
    <message>
        <source>&amp;Measure the transport delay (steps move the platform: seat empty, CUEING)</source>
        <translation>Transportverzögerung &amp;messen (Sprünge bewegen die Plattform: Sitz leer, CUEING)</translation>
    </message>
    <message>
        <source>&amp;Cancel check</source>
        <translation>Prüfung a&amp;bbrechen</translation>
    </message>
    <message>
        <source>&amp;Run check</source>
        <translation>Prüfung &amp;starten</translation>
    </message>
    <message>
        <source>&amp;Open report</source>
        <translation>Bericht ö&amp;ffnen</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Urteil</translation>
    </message>
    <message>
        <source>What it looked at</source>
        <translation>Was geprüft wurde</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>Messwert</translation>
    </message>
    <message>
        <source>Fix</source>
        <translation>Abhilfe</translation>
    </message>
    <message>
        <source>Transport delay</source>
        <translation>Transportverzögerung</translation>
    </message>
    <message>
        <source>Procedure step 2: is the seat empty?</source>
        <translation>Ablauf Schritt 2: Ist der Sitz leer?</translation>
    </message>
    <message>
        <source>The measurement steps the platform from where the simulator holds it (%1 steps). Only with the seat empty and the area clear.</source>
        <translation>Die Messung gibt der Plattform Sprünge vor, ausgehend von der Lage, in der der Simulator sie hält (%1 Sprünge). Nur mit leerem Sitz und freiem Bereich.</translation>
    </message>
    <message>
        <source>Seat empty (step 2)</source>
        <translation>Sitz leer (Schritt 2)</translation>
    </message>
    <message>
        <source>Cancelled: no report.</source>
        <translation>Abgebrochen: kein Bericht.</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <source>warn</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>The report could not be written: %1</source>
        <translation>Der Bericht konnte nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>Report: %1</source>
        <translation>Bericht: %1</translation>
    </message>
    <message>
        <source>%1 (stand-in)</source>
        <translation>%1 (Platzhalter)</translation>
    </message>
    <message>
        <source>No motion platform link runs: connect the platform first.</source>
        <translation>Keine Verbindung zur Bewegungsplattform: verbinden Sie zuerst die Plattform.</translation>
    </message>
    <message>
        <source>STOP is latched. Release it with a mode button in the Motion platform panel, then put the platform in CUEING with the seat empty.</source>
        <translation>STOPP ist aktiv. Lösen Sie ihn mit einem Modusknopf in der Bewegungsplattform-Ansicht und schalten Sie die Plattform dann bei leerem Sitz in CUEING.</translation>
    </message>
    <message>
        <source>The enabling button is released: hold it while the steps run.</source>
        <translation>Die Zustimmtaste ist losgelassen: halten Sie sie, während die Schritte laufen.</translation>
    </message>
    <message>
        <source>%1 — %2: %3</source>
        <translation>%1 — %2: %3</translation>
    </message>
    <message>
        <source>Open report</source>
        <translation>Bericht öffnen</translation>
    </message>
    <message>
        <source>No program on this desktop opens the report page.</source>
        <translation>Kein Programm auf diesem Desktop öffnet die Berichtsseite.</translation>
    </message>
    <message>
        <source>The report (report.html, report.pdf, report.json) is in:
%1</source>
        <translation>Der Bericht (report.html, report.pdf, report.json) liegt in:
%1</translation>
    </message>
    <message>
        <source>Open folder</source>
        <translation>Ordner öffnen</translation>
    </message>
    <message>
        <source>Copy path</source>
        <translation>Pfad kopieren</translation>
    </message>
    <message>
        <source>No program opens folders either. The path is:
%1</source>
        <translation>Auch Ordner öffnet kein Programm. Der Pfad ist:
%1</translation>
    </message>
    <message>
        <source>%p % of the check</source>
        <translation>%p % der Prüfung</translation>
    </message>
    <message>
        <source>Step %1 of %2: %3</source>
        <translation>Schritt %1 von %2: %3</translation>
    </message>
    <message>
        <source>waiting for the links to connect</source>
        <translation>warte, bis die Verbindungen stehen</translation>
    </message>
    <message>
        <source>watching the links, %1 of %2 s</source>
        <translation>beobachte die Verbindungen, %1 von %2 s</translation>
    </message>
    <message>
        <source>measuring the transport delay, %1 of %2 steps</source>
        <translation>messe die Transportverzögerung, %1 von %2 Schritten</translation>
    </message>
    <message>
        <source>writing the report</source>
        <translation>schreibe den Bericht</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>Passed: %1 · warnings: %2 · failed: %3.</source>
        <translation>Bestanden: %1 · Warnungen: %2 · fehlgeschlagen: %3.</translation>
    </message>
    <message>
        <source>The platform is in %1. Put it in CUEING with the seat empty (Motion platform panel), then start again.</source>
        <translation>Die Plattform ist in %1. Mit leerem Sitz auf Bewegung (CUEING) schalten (Bereich Plattform), dann erneut starten.</translation>
    </message>
</context>
<context>
    <name>hil::RigStateText</name>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>OFF</source>
        <translation>Aus</translation>
    </message>
    <message>
        <source>LEVEL BRAKE</source>
        <translation>Bremsen</translation>
    </message>
    <message>
        <source>LOADING</source>
        <translation>Einstieg</translation>
    </message>
    <message>
        <source>CUEING</source>
        <translation>Bewegung</translation>
    </message>
    <message>
        <source>surge</source>
        <translation>Längs</translation>
    </message>
    <message>
        <source>sway</source>
        <translation>Quer</translation>
    </message>
    <message>
        <source>heave</source>
        <translation>Hub</translation>
    </message>
    <message>
        <source>roll</source>
        <translation>Rollen</translation>
    </message>
    <message>
        <source>pitch</source>
        <translation>Nicken</translation>
    </message>
    <message>
        <source>yaw</source>
        <translation>Gieren</translation>
    </message>
    <message>
        <source>simulator slow (%1/s)</source>
        <translation>Simulator langsam (%1/s)</translation>
    </message>
    <message>
        <source>simulation slow (%1 %)</source>
        <translation>Simulation langsam (%1 %)</translation>
    </message>
    <message>
        <source>PX4 timeouts (%1/s)</source>
        <translation>PX4-Zeitüberschreitungen (%1/s)</translation>
    </message>
    <message>
        <source>frames lost (%1 %)</source>
        <translation>Pakete verloren (%1 %)</translation>
    </message>
    <message>
        <source>impossible simulator data</source>
        <translation>unmögliche Simulatordaten</translation>
    </message>
    <message>
        <source>%1 at its end stop</source>
        <translation>%1 am Endanschlag</translation>
    </message>
    <message>
        <source>%1 end stop to end stop</source>
        <translation>%1 von Anschlag zu Anschlag</translation>
    </message>
    <message>
        <source>pick a mode to release</source>
        <translation>Modus wählen zum Lösen</translation>
    </message>
</context>
<context>
    <name>hil::RigStrip</name>
    <message>
        <source>Platform: not connected</source>
        <translation>Plattform: nicht verbunden</translation>
    </message>
    <message>
        <source>No motion platform link runs: nothing moves.</source>
        <translation>Keine Verbindung zur Bewegungsplattform: nichts bewegt sich.</translation>
    </message>
    <message>
        <source>Platform: %1</source>
        <translation>Plattform: %1</translation>
    </message>
    <message>
        <source>Platform: no answer</source>
        <translation>Plattform: keine Antwort</translation>
    </message>
    <message>
        <source>%1, asked for %2</source>
        <translation>%1, angefordert %2</translation>
    </message>
    <message>
        <source>The mode the platform reports in its status word; the Motion platform panel&apos;s buttons ask for another.</source>
        <translation>Der Modus, den die Plattform in ihrem Statuswort meldet; die Knöpfe der Bewegungsplattform-Ansicht fordern einen anderen an.</translation>
    </message>
    <message>
        <source>STOP latched: %1</source>
        <translation>STOPP aktiv: %1</translation>
    </message>
    <message>
        <source>STOP holds the cues at zero and asked for LEVEL BRAKE. Nothing moves until the operator picks a mode with the Motion platform panel&apos;s buttons.</source>
        <translation>STOPP hält die Bewegungsreize auf null und hat LEVEL BRAKE angefordert. Nichts bewegt sich, bis der Bediener mit den Knöpfen der Bewegungsplattform-Ansicht einen Modus wählt.</translation>
    </message>
    <message>
        <source>STOP not latched</source>
        <translation>STOPP nicht aktiv</translation>
    </message>
    <message>
        <source>STOP (Esc) zeroes the cues and asks for LEVEL BRAKE from any window.</source>
        <translation>STOPP (Esc) setzt die Bewegungsreize auf null und fordert LEVEL BRAKE an, aus jedem Fenster.</translation>
    </message>
    <message>
        <source>Cues held: %1</source>
        <translation>Reize gehalten: %1</translation>
    </message>
    <message>
        <source>The loop guard holds the cues at neutral while the loop is degraded. STOP is latched: nothing moves until a mode is picked.</source>
        <translation>Der Regelkreiswächter hält die Bewegungsreize neutral, solange der Regelkreis gestört ist. STOPP ist aktiv: nichts bewegt sich, bis ein Modus gewählt wird.</translation>
    </message>
    <message>
        <source>The loop guard holds the cues at neutral while the loop is degraded; they ramp back in after %1 s without a problem (%2 s so far).</source>
        <translation>Der Regelkreiswächter hält die Bewegungsreize neutral, solange der Regelkreis gestört ist; sie fahren nach %1 s ohne Problem wieder hoch (bisher %2 s).</translation>
    </message>
    <message>
        <source>Cues held: axes crossed</source>
        <translation>Reize gehalten: Achsen vertauscht</translation>
    </message>
    <message>
        <source>The axis check found the platform reading the axes in another order. Run it again in the Motion platform panel once the axes are set right.</source>
        <translation>Die Achsprüfung hat ergeben, dass die Plattform die Achsen in anderer Reihenfolge liest. Wiederholen Sie sie in der Bewegungsplattform-Ansicht, sobald die Achsen richtig eingestellt sind.</translation>
    </message>
    <message>
        <source>Loop healthy</source>
        <translation>Regelkreis in Ordnung</translation>
    </message>
    <message>
        <source>The loop guard watches the simulator&apos;s rate, PX4&apos;s lockstep and the platform&apos;s end stops.</source>
        <translation>Der Regelkreiswächter überwacht die Rate des Simulators, den Gleichschritt von PX4 und die Endanschläge der Plattform.</translation>
    </message>
    <message>
        <source>Cues %1 % × master %2</source>
        <translation>Reize %1 % × gesamt %2</translation>
    </message>
    <message>
        <source>%1 % × %2</source>
        <translation>%1 % × %2</translation>
    </message>
    <message>
        <source>The cue gain the link applies now (0 % while held, stale or stopped; ramps in over 2 s) times the master gain of the cueing settings.</source>
        <translation>Die Reizverstärkung, die die Verbindung jetzt anwendet (0 %, solange gehalten, veraltet oder gestoppt; fährt über 2 s hoch), mal die Gesamtverstärkung der Reizeinstellungen.</translation>
    </message>
    <message>
        <source>%1 %2/s</source>
        <translation>%1 %2/s</translation>
    </message>
    <message>
        <source>%1: %2 a second; a healthy rig has %3 or more (the rig check&apos;s limit)</source>
        <translation>%1: %2 pro Sekunde; eine gesunde Anlage hat %3 oder mehr (die Grenze der Anlagenprüfung)</translation>
    </message>
    <message>
        <source>enabling held</source>
        <translation>Zustimmtaste gehalten</translation>
    </message>
    <message>
        <source>enabling released</source>
        <translation>Zustimmtaste losgelassen</translation>
    </message>
    <message>
        <source>no device</source>
        <translation>kein Gerät</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>Pilot: %1</source>
        <translation>Pilot: %1</translation>
    </message>
    <message>
        <source>Pilot</source>
        <translation>Pilot</translation>
    </message>
    <message>
        <source>● Recording</source>
        <translation>● Aufnahme</translation>
    </message>
    <message>
        <source>Recording to %1</source>
        <translation>Aufnahme nach %1</translation>
    </message>
    <message>
        <source>Not recording: the session folder cannot be written</source>
        <translation>Keine Aufnahme: der Sitzungsordner ist nicht beschreibbar</translation>
    </message>
    <message>
        <source>Not recording</source>
        <translation>Keine Aufnahme</translation>
    </message>
    <message>
        <source>Check the disk and the folder %1; the Session panel has the details.</source>
        <translation>Prüfen Sie den Datenträger und den Ordner %1; die Sitzungsansicht zeigt Einzelheiten.</translation>
    </message>
    <message>
        <source>STAND-INS</source>
        <translation>PLATZHALTER</translation>
    </message>
    <message>
        <source>STAND-INS · DEMO</source>
        <translation>PLATZHALTER · DEMO</translation>
    </message>
    <message>
        <source>Built-in stand-ins play %1: no real peer, and their figures are not a rig&apos;s.</source>
        <translation>Eingebaute Platzhalter spielen %1: keine echte Gegenstelle, und ihre Werte stammen von keinem Prüfstand.</translation>
    </message>
</context>
<context>
    <name>hil::RigTile</name>
    <message>
        <source>STOP</source>
        <translation>STOPP</translation>
    </message>
    <message>
        <source>online</source>
        <translation>online</translation>
    </message>
    <message>
        <source>offline (%1)</source>
        <translation>offline (%1)</translation>
    </message>
    <message>
        <source>no platform</source>
        <translation>keine Plattform</translation>
    </message>
    <message>
        <source>Platform: %1, %2</source>
        <translation>Plattform: %1, %2</translation>
    </message>
    <message>
        <source>Altitude %1 m, airspeed %2 m/s</source>
        <translation>Höhe %1 m, Fahrt %2 m/s</translation>
    </message>
    <message>
        <source>Rig check: none</source>
        <translation>Prüfstandsprüfung: keine</translation>
    </message>
    <message>
        <source>%1 s ago</source>
        <translation>vor %1 s</translation>
    </message>
    <message>
        <source>%1 min ago</source>
        <translation>vor %1 min</translation>
    </message>
    <message>
        <source>%1 h ago</source>
        <translation>vor %1 h</translation>
    </message>
    <message>
        <source>%1 days ago</source>
        <translation>vor %1 Tagen</translation>
    </message>
    <message>
        <source>Rig check: failed %1 · warnings %2 · %3</source>
        <translation>Prüfstandsprüfung: fehlgeschlagen %1 · Warnungen %2 · %3</translation>
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
    <message numerus="yes">
        <source>%n new ↓</source>
        <translation>
            <numerusform>%n neues ↓</numerusform>
            <numerusform>%n neue ↓</numerusform>
        </translation>
    </message>
    <message>
        <source>HIL Station cannot start</source>
        <translation>HIL Station kann nicht starten</translation>
    </message>
    <message>
        <source>Nothing was started and nothing is recorded:

%1

Choose a folder that can be written (--log-dir) and start again.</source>
        <translation>Nichts wurde gestartet und nichts wird aufgezeichnet:

%1

Einen beschreibbaren Ordner wählen (--log-dir) und erneut starten.</translation>
    </message>
    <message>
        <source>Close this session&apos;s files and record on in a new folder?</source>
        <translation>Die Dateien dieser Sitzung schließen und in einem neuen Ordner weiter aufnehmen?</translation>
    </message>
    <message>
        <source>This session is closed in:
%1

The new session records in:
%2

The links and the platform go on as they are.</source>
        <translation>Diese Sitzung wird abgeschlossen in:
%1

Die neue Sitzung nimmt auf in:
%2

Die Verbindungen und die Plattform laufen unverändert weiter.</translation>
    </message>
    <message>
        <source>Start new session</source>
        <translation>Neue Sitzung beginnen</translation>
    </message>
    <message>
        <source>%1 (stand-in)</source>
        <translation>%1 (Platzhalter)</translation>
    </message>
</context>
<context>
    <name>hil::SignalWord</name>
    <message>
        <source>position</source>
        <comment>group: position in the NED frame</comment>
        <translation>Position</translation>
    </message>
    <message>
        <source>velocity</source>
        <comment>group</comment>
        <translation>Geschwindigkeit</translation>
    </message>
    <message>
        <source>acceleration</source>
        <comment>group</comment>
        <translation>Beschleunigung</translation>
    </message>
    <message>
        <source>attitude</source>
        <comment>group</comment>
        <translation>Lage</translation>
    </message>
    <message>
        <source>angular_velocity</source>
        <comment>group</comment>
        <translation>Drehrate</translation>
    </message>
    <message>
        <source>geodetic</source>
        <comment>group: latitude, longitude, altitude</comment>
        <translation>Geografisch</translation>
    </message>
    <message>
        <source>extras</source>
        <comment>group: further simulator values</comment>
        <translation>Weitere</translation>
    </message>
    <message>
        <source>wind</source>
        <comment>group</comment>
        <translation>Wind</translation>
    </message>
    <message>
        <source>specific_force</source>
        <comment>group: what an accelerometer reads</comment>
        <translation>spez. Kraft</translation>
    </message>
    <message>
        <source>sim</source>
        <comment>group: the simulator&apos;s own clock and state</comment>
        <translation>Simulator</translation>
    </message>
    <message>
        <source>window</source>
        <comment>group: the program&apos;s window</comment>
        <translation>Fenster</translation>
    </message>
    <message>
        <source>n</source>
        <comment>north axis (NED frame); keep it one letter</comment>
        <translation>N</translation>
    </message>
    <message>
        <source>e</source>
        <comment>east axis (NED frame); keep it one letter</comment>
        <translation>O</translation>
    </message>
    <message>
        <source>d</source>
        <comment>down axis (NED frame); keep it one letter</comment>
        <translation>U</translation>
    </message>
    <message>
        <source>f</source>
        <comment>forward axis (body frame); keep it one letter</comment>
        <translation>V</translation>
    </message>
    <message>
        <source>r</source>
        <comment>right axis (body frame); keep it one letter</comment>
        <translation>R</translation>
    </message>
    <message>
        <source>roll</source>
        <comment>rotation about the forward axis</comment>
        <translation>Rollen</translation>
    </message>
    <message>
        <source>pitch</source>
        <comment>rotation about the right axis</comment>
        <translation>Nicken</translation>
    </message>
    <message>
        <source>yaw</source>
        <comment>rotation about the down axis</comment>
        <translation>Gieren</translation>
    </message>
    <message>
        <source>latitude</source>
        <translation>Breite</translation>
    </message>
    <message>
        <source>longitude</source>
        <translation>Länge</translation>
    </message>
    <message>
        <source>altitude</source>
        <translation>Höhe</translation>
    </message>
    <message>
        <source>airspeed</source>
        <translation>Fahrt</translation>
    </message>
    <message>
        <source>groundspeed</source>
        <translation>Grundgeschw.</translation>
    </message>
    <message>
        <source>altitude_asl</source>
        <comment>above sea level</comment>
        <translation>Höhe üNN</translation>
    </message>
    <message>
        <source>altitude_agl</source>
        <comment>above ground level</comment>
        <translation>Höhe über Grund</translation>
    </message>
    <message>
        <source>prop_rpm</source>
        <comment>propeller speed</comment>
        <translation>Propellerdrehzahl</translation>
    </message>
    <message>
        <source>battery_voltage</source>
        <translation>Akkuspannung</translation>
    </message>
    <message>
        <source>battery_current</source>
        <translation>Akkustrom</translation>
    </message>
    <message>
        <source>physics_time</source>
        <comment>the simulator&apos;s clock</comment>
        <translation>Simulatorzeit</translation>
    </message>
    <message>
        <source>stale</source>
        <comment>1 when the simulator repeated a frame</comment>
        <translation>veraltet</translation>
    </message>
    <message>
        <source>throttle</source>
        <comment>the pilot&apos;s throttle stick</comment>
        <translation>Schub</translation>
    </message>
    <message>
        <source>buttons</source>
        <comment>the pilot&apos;s device&apos;s buttons</comment>
        <translation>Tasten</translation>
    </message>
    <message>
        <source>active</source>
        <comment>1 while the pilot&apos;s device is in use</comment>
        <translation>aktiv</translation>
    </message>
    <message>
        <source>surge_m</source>
        <comment>the platform&apos;s forward travel</comment>
        <translation>Längs</translation>
    </message>
    <message>
        <source>sway_m</source>
        <comment>the platform&apos;s sideways travel</comment>
        <translation>Quer</translation>
    </message>
    <message>
        <source>heave_m</source>
        <comment>the platform&apos;s vertical travel</comment>
        <translation>Hub</translation>
    </message>
    <message>
        <source>period_ms</source>
        <comment>time between two of a link&apos;s exchanges</comment>
        <translation>Periode</translation>
    </message>
    <message>
        <source>frame_period_ms</source>
        <comment>time between two painted frames</comment>
        <translation>Bildperiode</translation>
    </message>
    <message>
        <source>refresh_ms</source>
        <comment>time one window refresh took</comment>
        <translation>Aktualisierung</translation>
    </message>
    <message>
        <source>channel %1</source>
        <comment>an actuator channel, counted from 0</comment>
        <translation>Kanal %1</translation>
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
        <translation>Statistik</translation>
    </message>
    <message>
        <source>How many of the newest samples each histogram counts</source>
        <translation>Wie viele der neuesten Messwerte jedes Histogramm zählt</translation>
    </message>
</context>
<context>
    <name>hil::StopGuard</name>
    <message>
        <source>STOP</source>
        <translation>STOPP</translation>
    </message>
    <message>
        <source>Stop the motion platform: zero the cues and brake (Esc)</source>
        <translation>Bewegungsplattform anhalten: Vorgaben auf null und bremsen (Esc)</translation>
    </message>
    <message>
        <source>Platform: not connected</source>
        <translation>Plattform: nicht verbunden</translation>
    </message>
    <message>
        <source>Platform: %1</source>
        <translation>Plattform: %1</translation>
    </message>
    <message>
        <source>Platform: no answer</source>
        <translation>Plattform: keine Antwort</translation>
    </message>
    <message>
        <source>STOP latched: %1</source>
        <translation>STOPP aktiv: %1</translation>
    </message>
</context>
<context>
    <name>hil::WindowMenus</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;New session…</source>
        <translation>&amp;Neue Sitzung…</translation>
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
        <source>&amp;Lab settings…</source>
        <translation>&amp;Labor-Einstellungen…</translation>
    </message>
    <message>
        <source>L&amp;ab: every rig…</source>
        <translation>L&amp;abor: alle Prüfstände…</translation>
    </message>
    <message>
        <source>&amp;Reset layout</source>
        <translation>Anordnung &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Werkzeuge</translation>
    </message>
    <message>
        <source>&amp;Rig check…</source>
        <translation>&amp;Prüfstandsprüfung…</translation>
    </message>
    <message>
        <source>&amp;Measure the platform…</source>
        <translation>Plattform &amp;vermessen…</translation>
    </message>
    <message>
        <source>&amp;Dry run…</source>
        <translation>&amp;Probefahrt…</translation>
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
        <source>Lab</source>
        <translation>Labor</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Systemvorgabe</translation>
    </message>
</context>
</TS>
