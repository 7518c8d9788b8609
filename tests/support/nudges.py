"""Listening to the channel layer as a socket would: join a group on a channel of one's own,
then take what the services announced there after they committed."""

import asyncio

from channels.layers import get_channel_layer

from tests.support.sockets import QUIET_SECONDS, RECEIVE_SECONDS


async def listen(group: str) -> str:
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add(group, channel)
    return channel


async def next_message(channel: str) -> dict[str, object]:
    return await asyncio.wait_for(get_channel_layer().receive(channel), RECEIVE_SECONDS)


async def hears_nothing(channel: str) -> bool:
    try:
        await asyncio.wait_for(get_channel_layer().receive(channel), QUIET_SECONDS)
    except TimeoutError:
        return True
    return False
