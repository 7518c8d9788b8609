"""The websockets: consumers, frames, nudges, presence over sockets."""
