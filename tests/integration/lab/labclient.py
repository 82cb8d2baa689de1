#!/usr/bin/python3
"""An independent MQTT 5 client for the lab tests (Debian's python3-paho-mqtt, not our code).

collect: subscribes to --topic and prints one JSON line per message
         {"topic", "retain", "payload", "rx"} until --seconds pass, or --until (TOPIC_END=TEXT:
         a message whose topic ends with TOPIC_END and whose payload contains TEXT) was seen.
         --client-id with --persistent keeps the session at the broker between runs (QoS 1
         messages are queued for it while it is away). Prints {"connected": true} first.
stop:    publishes to hil/v1/<rig>/cmd/stop as an MQTT 5 request (--reply-topic, correlation
         data --correlation) and prints {"puback": reason} and then the reply
         {"topic", "payload", "correlation"} or {"timeout": true} after --seconds.
"""
import argparse
import json
import sys
import threading
import time

import paho.mqtt.client as mqtt
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties


def out(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("mode", choices=["collect", "stop"])
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--user", required=True)
    p.add_argument("--password", required=True)
    p.add_argument("--ca")
    p.add_argument("--topic", default="hil/v1/#")
    p.add_argument("--seconds", type=float, default=5.0)
    p.add_argument("--until", default="")
    p.add_argument("--client-id", default="")
    p.add_argument("--persistent", action="store_true")
    p.add_argument("--rig", default="rig1")
    p.add_argument("--reply-topic", default="")
    p.add_argument("--correlation", default="")
    p.add_argument("--payload", default="{}")
    a = p.parse_args()

    done = threading.Event()
    c = mqtt.Client(client_id=a.client_id, protocol=mqtt.MQTTv5)
    c.username_pw_set(a.user, a.password)
    if a.ca:
        c.tls_set(ca_certs=a.ca)

    def on_connect(client, userdata, flags, rc, properties=None):
        if rc != 0:
            out({"connect_failed": str(rc)})
            done.set()
            return
        out({"connected": True, "session_present": bool(flags.get("session present", 0))})
        if a.mode == "collect":
            client.subscribe(a.topic, qos=1)
        else:
            if a.reply_topic:
                client.subscribe(a.reply_topic, qos=1)
            props = Properties(PacketTypes.PUBLISH)
            if a.reply_topic:
                props.ResponseTopic = a.reply_topic
            if a.correlation:
                props.CorrelationData = a.correlation.encode()
            # Give the reply subscription a moment to be in place at the broker.
            time.sleep(0.2)
            client.publish("hil/v1/%s/cmd/stop" % a.rig, a.payload.encode(), qos=1,
                           properties=props)

    def on_publish(client, userdata, mid):
        out({"published": mid})

    def on_message(client, userdata, msg):
        corr = None
        props = getattr(msg, "properties", None)
        if props is not None and hasattr(props, "CorrelationData"):
            corr = props.CorrelationData.decode(errors="replace")
        out({"topic": msg.topic, "retain": bool(msg.retain),
             "payload": msg.payload.decode(errors="replace"), "rx": time.time(),
             "correlation": corr})
        if a.mode == "stop" and msg.topic == a.reply_topic:
            done.set()
        if a.until:
            end, _, text = a.until.partition("=")
            if msg.topic.endswith(end) and text in msg.payload.decode(errors="replace"):
                done.set()

    c.on_connect = on_connect
    c.on_message = on_message
    c.on_publish = on_publish
    props = Properties(PacketTypes.CONNECT)
    if a.persistent:
        props.SessionExpiryInterval = 3600
    c.connect("127.0.0.1", a.port, keepalive=30, clean_start=not a.persistent, properties=props)
    c.loop_start()
    if not done.wait(a.seconds):
        out({"timeout": True})
    c.disconnect()
    c.loop_stop()


if __name__ == "__main__":
    main()
