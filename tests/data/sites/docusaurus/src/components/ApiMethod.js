import React from 'react';

export default function ApiMethod({name}) {
  return <h2 id={name}>{name}()</h2>;
}
