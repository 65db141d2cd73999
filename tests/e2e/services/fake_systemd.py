#!/usr/bin/python3
"""A stand-in for the service manager on a private D-Bus: it owns
org.freedesktop.systemd1 and answers, for one unit, Manager.GetUnit and the
Properties that `coroner watch` asks (InvocationID, ActiveState, SubState,
Result), as systemd does (org.freedesktop.systemd1(5)). The unit is
"activating" for DELAY seconds, then "failed" with RESULT.

  fake_systemd.py BUS_ADDRESS UNIT INVOCATION DELAY RESULT
"""
import sys, time
import dbus, dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

address, unit, invocation, delay, result = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4]), sys.argv[5]
DBusGMainLoop(set_as_default=True)
bus = dbus.bus.BusConnection(address)
name = dbus.service.BusName("org.freedesktop.systemd1", bus)
start = time.monotonic()
UNIT_PATH = "/org/freedesktop/systemd1/unit/" + "".join(c if c.isalnum() else "_%02x" % ord(c) for c in unit)


class Manager(dbus.service.Object):
    @dbus.service.method("org.freedesktop.systemd1.Manager", in_signature="s", out_signature="o")
    def GetUnit(self, name):
        if name != unit:
            raise dbus.exceptions.DBusException(f"Unit {name} not loaded.",
                                                name="org.freedesktop.systemd1.NoSuchUnit")
        return dbus.ObjectPath(UNIT_PATH)


class Unit(dbus.service.Object):
    def props(self):
        failed = time.monotonic() - start >= delay
        return {
            "InvocationID": dbus.Array(bytes.fromhex(invocation), signature="y"),
            "ActiveState": "failed" if failed else "activating",
            "SubState": "failed" if failed else "start",
            "Result": result if failed else "success",
        }

    @dbus.service.method("org.freedesktop.DBus.Properties", in_signature="ss", out_signature="v")
    def Get(self, interface, prop):
        return self.props()[prop]

    @dbus.service.method("org.freedesktop.DBus.Properties", in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        return self.props()


Manager(bus, "/org/freedesktop/systemd1")
Unit(bus, UNIT_PATH)
print("ready", flush=True)
GLib.MainLoop().run()
