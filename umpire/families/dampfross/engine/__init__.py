"""The pure engine: state + orders + dice -> events and new state. No I/O, no clock."""
