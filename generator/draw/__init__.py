"""Drawing code: what each face looks like, and putting faces onto sheets. It only draws."""
