#!/usr/bin/env node
// tlogcount: reads a QGroundControl telemetry log (.tlog) with an independent MAVLink
// implementation (npm's node-mavlink) and prints what it holds as one JSON object on stdout:
//   records         records read: [u64 big-endian UNIX time, µs][one MAVLink frame]
//   framing_errors  records whose frame does not start with 0xFD/0xFE, or that end the file short
//   crc_errors      frames of known messages whose checksum node-mavlink rejects
//   unknown         frames of messages node-mavlink has no definition for (CRC not checkable)
//   time_steps_back records timed before the record preceding them
//   first_us, last_us  the first and last record time
//   messages        {MESSAGE_NAME: count} over the frames that passed the CRC check
//   heartbeats_by_source  {"sysid/compid": count} of HEARTBEAT frames
//   frames_by_source      {"sysid/compid": count} of all frames that passed the CRC check
// Usage: node tlogcount.js FILE.tlog   (exit 0 when the file was read, 2 on usage/IO errors)
'use strict';

const fs = require('fs');
const { MavLinkPacketSplitter, MavLinkPacketParser, minimal, common, ardupilotmega } =
  require('node-mavlink');

const REGISTRY = { ...minimal.REGISTRY, ...common.REGISTRY, ...ardupilotmega.REGISTRY };

function main() {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write('usage: tlogcount FILE.tlog\n');
    process.exit(2);
  }
  let data;
  try {
    data = fs.readFileSync(file);
  } catch (e) {
    process.stderr.write(`tlogcount: ${e.message}\n`);
    process.exit(2);
  }

  const out = {
    records: 0, framing_errors: 0, crc_errors: 0, unknown: 0, time_steps_back: 0,
    first_us: null, last_us: null, messages: {}, heartbeats_by_source: {}, frames_by_source: {},
  };
  // Records are split here, by the frame's own length field, so that a timestamp byte that
  // happens to be 0xFD/0xFE is never taken for a frame start; node-mavlink then checks and
  // parses each frame on its own.
  const frames = [];
  let prev = null;
  for (let at = 0; at < data.length;) {
    if (data.length - at < 8 + 3) { out.framing_errors++; break; }
    const us = data.readBigUInt64BE(at);
    const magic = data[at + 8];
    const len = data[at + 9];
    let total;
    if (magic === 0xFD) total = 12 + len + ((data[at + 10] & 0x01) ? 13 : 0);
    else if (magic === 0xFE) total = 8 + len;
    else { out.framing_errors++; break; } // lost: no way to find the next record
    if (at + 8 + total > data.length) { out.framing_errors++; break; }
    out.records++;
    if (out.first_us === null) out.first_us = Number(us);
    out.last_us = Number(us);
    if (prev !== null && us < prev) out.time_steps_back++;
    prev = us;
    frames.push(data.subarray(at + 8, at + 8 + total));
    at += 8 + total;
  }

  // One stream for all frames: they are back to back, exactly as split above.
  const splitter = new MavLinkPacketSplitter({}, { onCrcError: () => {} });
  const parser = new MavLinkPacketParser();
  splitter.pipe(parser);
  parser.on('data', (packet) => {
    const h = packet.header;
    const clazz = REGISTRY[h.msgid];
    const name = clazz ? clazz.MSG_NAME : `MSG_${h.msgid}`;
    out.messages[name] = (out.messages[name] || 0) + 1;
    const source = `${h.sysid}/${h.compid}`;
    out.frames_by_source[source] = (out.frames_by_source[source] || 0) + 1;
    if (h.msgid === 0)
      out.heartbeats_by_source[source] = (out.heartbeats_by_source[source] || 0) + 1;
  });
  parser.on('end', () => {
    out.crc_errors = splitter.invalidPackages;
    out.unknown = splitter.unknownPackagesCount;
    process.stdout.write(JSON.stringify(out) + '\n');
  });
  for (const frame of frames) splitter.write(frame);
  splitter.end();
}

main();
