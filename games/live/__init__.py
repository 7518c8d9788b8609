"""The websockets: consumers, the commands they accept, per-viewer frames and the parts they are
made of."""
